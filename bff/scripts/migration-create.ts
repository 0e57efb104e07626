// `npm run migration:create -w bff -- Name`: writes an empty SQL migration and lists it in migrations/index.ts.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const name = process.argv[2];
if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name)) {
  console.error('Usage: npm run migration:create -w bff -- PascalCaseName');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
const className = `Migration${stamp}${name}`;
const dir = join(import.meta.dirname, '..', 'src', 'migrations');
await writeFile(
  join(dir, `${className}.ts`),
  `import { Migration } from '@mikro-orm/migrations';

export class ${className} extends Migration {
  override async up(): Promise<void> {
    this.addSql(\`\`);
  }

  override async down(): Promise<void> {
    this.addSql(\`\`);
  }
}
`,
);
const indexPath = join(dir, 'index.ts');
let index = await readFile(indexPath, 'utf8');
index = index.replace(/(\/\/.*\n)/, `$1import { ${className} } from './${className}.ts';\n`);
index = index.replace(/\](;\s*)$/, `  { name: '${className}', class: ${className} },\n]$1`);
await writeFile(indexPath, index);
console.log(`Created src/migrations/${className}.ts; write its SQL (schema changes only through migrations).`);
