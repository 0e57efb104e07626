// The report of `npm run bench`: every figure of every bench that ran, in one markdown file and one JSON file under
// bench/results/ (not committed), each figure beside the target the issues set for it, so a regression shows at a
// glance. bench-<time>.{md,json} for the record, latest.{md,json} for the eye.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot, type Row, type Section } from './lib.ts';

interface Target {
  /** Which section (a word of its name) and which rows (matched against the row's text). */
  section: RegExp;
  row: RegExp;
  target: string;
  /** Whether the row meets it, when the row's figures say so plainly. */
  met?: (row: Row) => boolean | undefined;
}

const number = (value: string | number | undefined) =>
  typeof value === 'number' ? value : value === undefined || value === '' ? NaN : Number(String(value));

/** The targets of the issues (8–15), where they set one. */
export const TARGETS: Target[] = [
  { section: /getSession/, row: /BFF/, target: 'p99 < 30 ms; ≥ 50 % of the bare handler' },
  { section: /Forgotten/, row: /./, target: 'known and unknown address: the same median' },
  { section: /Frontend/, row: /interactive/, target: '< 1 s' },
  { section: /Documents/, row: /invoice PDF, one page/, target: '≥ 100 per CPU second' },
  { section: /Documents/, row: /pain\.001, 10 000/, target: '< 10 000 ms' },
  { section: /Payments/, row: /payout batch|together/, target: '10 000 freelancers < 10 s' },
  { section: /Customers/, row: /mix/, target: 'p99 < 30 ms' },
  { section: /Invoices/, row: /listInvoices/, target: 'p99 < 30 ms (20 connections)' },
  { section: /Invoices/, row: /createInvoice/, target: 'p99 < 50 ms (20 connections)' },
  {
    section: /Load/,
    row: /^errors/,
    target: '0 errors',
    met: (row) => number(row.requests) === 0,
  },
  { section: /Load/, row: /./, target: 'p50/p99 per operation, 0 errors' },
];

/** The target of a row, and whether it is met when the row or the rule can tell. */
function targetOf(sectionName: string, row: Row): { target: string; verdict: string } {
  const text = Object.values(row).join(' ');
  const rule = TARGETS.find((t) => t.section.test(sectionName) && t.row.test(text));
  if (!rule) return { target: '', verdict: '' };
  const met = rule.met?.(row);
  // Rows that judge themselves say so in words.
  const said = /\bmet\b|\bok\b/i.test(text) ? true : /missed|OVER/.test(text) ? false : undefined;
  const verdict = met ?? said;
  return { target: rule.target, verdict: verdict === undefined ? '' : verdict ? 'met' : 'MISSED' };
}

const cell = (value: unknown) => String(value ?? '').replaceAll('|', '\\|');

function markdownTable(sectionName: string, rows: Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const header = [...columns, 'target', 'verdict'];
  const lines = [`| ${header.join(' | ')} |`, `| ${header.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    const { target, verdict } = targetOf(sectionName, row);
    lines.push(`| ${[...columns.map((c) => cell(row[c])), target, verdict].join(' | ')} |`);
  }
  return lines.join('\n');
}

export async function writeReport(sections: Section[], only: string[]) {
  const dir = join(repoRoot, 'bench', 'results');
  await mkdir(dir, { recursive: true });
  const at = new Date();
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  // The load average at the end: on a shared machine, figures taken under other work are not comparable.
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
  const json = {
    at: at.toISOString(),
    commit,
    machine,
    benches: only.length ? only : 'all',
    sections: sections.map((s) => ({
      name: s.name,
      rows: s.rows.map((row) => ({ ...row, ...targetOf(s.name, row) })),
    })),
  };
  const markdown = [
    `# Frilo benchmarks, ${at.toISOString()}`,
    '',
    `Commit ${commit || '(unknown)'} on ${machine}; benches: ${only.length ? only.join(', ') : 'all'}.`,
    '',
    ...sections.flatMap((s) => [
      `## ${s.name}`,
      '',
      s.rows.length ? markdownTable(s.name, s.rows) : '(no figures)',
      '',
    ]),
  ].join('\n');
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const files = {
    markdown: join(dir, `bench-${stamp}.md`),
    json: join(dir, `bench-${stamp}.json`),
  };
  for (const [path, content] of [
    [files.markdown, markdown],
    [files.json, JSON.stringify(json, null, 2)],
    [join(dir, 'latest.md'), markdown],
    [join(dir, 'latest.json'), JSON.stringify(json, null, 2)],
  ] as const)
    await writeFile(path, `${content}\n`);
  return files;
}
