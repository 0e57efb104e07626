// The XML we write is always well-formed and reads back as the same text through a strict parser (saxes), whatever
// the text looks like (entities, markup, quotes, line ends); what XML cannot carry is refused, never written out.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hostileText } from '../../test/fixtures/hostile-text.ts';
import { escapeXmlAttribute, escapeXmlText, isXmlSafeText, xmlDocument, XmlNode, XmlTextError } from './xml-writer.ts';
import { MAX_XML_DEPTH, parseXml, XmlParseError } from './xml-tree.ts';

describe('xml-writer: escaping', () => {
  it('escapes every & < > (and quotes and white space in attributes), entity-looking text included', () => {
    assert.equal(
      escapeXmlText('A&nbsp;B &x; &#0; &#x41; R&amp;D <a>'),
      'A&amp;nbsp;B &amp;x; &amp;#0; &amp;#x41; R&amp;amp;D &lt;a&gt;',
    );
    assert.equal(escapeXmlAttribute(`"q" 's'\t\n`), '&quot;q&quot; &apos;s&apos;&#9;&#10;');
  });

  it('any text XML can carry round-trips exactly through a strict parser, as element text and as attribute', () => {
    fc.assert(
      fc.property(hostileText(), hostileText(), (text, attribute) => {
        const root = new XmlNode('r', { a: attribute });
        root.ele('c').txt(text);
        const parsed = parseXml(xmlDocument(root), {});
        assert.equal(parsed.attrs.a, attribute);
        assert.equal(parsed.children[0]?.text, text);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses characters XML 1.0 cannot carry instead of writing them', () => {
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\ud800', 'a\udc00b', '\ufffe', '\uffff']) {
      assert.equal(isXmlSafeText(bad), false, JSON.stringify(bad));
      assert.throws(() => new XmlNode('r').txt(bad), XmlTextError);
      assert.throws(() => new XmlNode('r', { a: bad }), XmlTextError);
    }
  });
});

describe('xml-tree: a strict parser', () => {
  const refuses = (xml: string) => assert.throws(() => parseXml(xml, {}), XmlParseError, xml);

  it('refuses what is not well-formed: undefined entities, references to characters XML cannot carry, stray & and <', () => {
    refuses('<a>Konsult&nbsp;arbete</a>');
    refuses('<a>&x;</a>');
    refuses('<a>&#0;</a>');
    refuses('<a>&#1;</a>');
    refuses('<a b="&nbsp;"/>');
    refuses('<a>R & D</a>');
    refuses('<a>1 < 2</a>');
    refuses('<p:a/>');
    refuses('<a></b>');
    refuses('<a/><b/>');
    refuses('<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>');
  });

  it('reads the five predefined entities and character references', () => {
    assert.equal(parseXml('<a>R&amp;D &lt;&gt;&quot;&apos; &#228;&#x41;</a>', {}).text, 'R&D <>"\' äA');
  });

  it('reads element and attribute names that are prototype names as plain data', () => {
    const root = parseXml('<constructor __proto__="x" toString="y"><__proto__/><prototype/></constructor>', {});
    assert.equal(root.name, 'constructor');
    assert.equal(Object.getPrototypeOf(root.attrs), null);
    assert.equal(root.attrs['__proto__'], 'x');
    assert.equal(root.attrs['toString'], 'y');
    assert.deepEqual(
      root.children.map((c) => c.name),
      ['__proto__', 'prototype'],
    );
  });

  it(`reads nesting up to ${MAX_XML_DEPTH} levels and refuses deeper before it costs anything`, () => {
    const nested = (depth: number) => `${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}`;
    let node = parseXml(nested(MAX_XML_DEPTH), {});
    let levels = 1;
    while (node.children[0]) {
      node = node.children[0];
      levels++;
    }
    assert.equal(levels, MAX_XML_DEPTH);
    assert.equal(node.text, 'x');
    refuses(nested(MAX_XML_DEPTH + 1));
    refuses(nested(1_000_000));
  });
});
