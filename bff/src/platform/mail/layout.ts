// The HTML frame every email shares; templates supply a heading, paragraphs and an optional button.
/** A person's own words quoted in an email (a message to a customer): its line breaks kept, set apart, escaped. */
export interface EmailQuote {
  label: string;
  quote: string;
}

export interface EmailContent {
  brandName: string;
  heading: string;
  paragraphs: (string | EmailQuote)[];
  action?: { label: string; url: string };
  /** A second button under the first, drawn plainer (e.g. "It wasn't me" beside "Confirm"), with a paragraph of its own before it. */
  secondaryAction?: { text: string; label: string; url: string };
  footer: string;
  /** A small link under the footer, e.g. "I did not ask for this" (stops further emails of the kind). */
  optOut?: { label: string; url: string };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderEmail(content: EmailContent, lang: string): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) =>
      typeof p === 'string'
        ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`
        : `<p style="margin:0 0 4px;line-height:1.5;font-weight:600">${escapeHtml(p.label)}</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #1f5c4a;background:#f4f6f5;line-height:1.5">${p.quote
            .split('\n')
            .map(escapeHtml)
            .join('<br>')}</blockquote>`,
    )
    .join('');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1f5c4a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const secondary = content.secondaryAction
    ? `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(content.secondaryAction.text)}</p>
       <p style="margin:16px 0"><a href="${escapeHtml(content.secondaryAction.url)}" style="background:#ffffff;color:#1f5c4a;border:2px solid #1f5c4a;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.secondaryAction.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555;word-break:break-all">${escapeHtml(content.secondaryAction.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1b1f1d">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:700;font-size:20px;color:#1f5c4a;margin:0 0 24px">${escapeHtml(content.brandName)}</p>
<div style="background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${paragraphs}${button}${secondary}</div>
<p style="font-size:12px;color:#667;margin:16px 0 0">${escapeHtml(content.footer)}</p>${
    content.optOut
      ? `<p style="font-size:12px;margin:8px 0 0"><a href="${escapeHtml(content.optOut.url)}" style="color:#1f5c4a">${escapeHtml(content.optOut.label)}</a></p>`
      : ''
  }</div></body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) =>
      typeof p === 'string' ? [p, ''] : [p.label, ...p.quote.split('\n').map((line) => `> ${line}`), ''],
    ),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.secondaryAction
      ? [content.secondaryAction.text, '', `${content.secondaryAction.label}: ${content.secondaryAction.url}`, '']
      : []),
    '--',
    content.footer,
    ...(content.optOut ? ['', `${content.optOut.label}: ${content.optOut.url}`] : []),
  ].join('\n');
  return { html, text };
}
