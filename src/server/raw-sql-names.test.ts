import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './db/schema';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every table the schema declares, by its SQL name. */
const tableNames = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable));

function productionFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'migrations' ? [] : productionFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The literal text of every sql`` template in a file (the parts between its `${...}`). */
function sqlTemplateTexts(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node)) {
      const tag = ts.isPropertyAccessExpression(node.tag) ? node.tag.expression : node.tag;
      if (ts.isIdentifier(tag) && tag.text === 'sql') {
        const template = node.template;
        const parts = ts.isNoSubstitutionTemplateLiteral(template)
          ? [template.text]
          : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({ line: line + 1, text: parts.join(' ${…} ') });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A table named by hand: after from/join/update/into/table, or qualifying a column (`vendors.id`). */
function literalTableNames(text: string): string[] {
  const names = tableNames.join('|');
  const pattern = new RegExp(
    `\\b(?:from|join|update|into|table)\\s+"?(${names})"?(?![\\w(])|(?<![\\w.$])"?(${names})"?\\.[a-z_"]`,
    'gi',
  );
  return [...text.matchAll(pattern)].map((match) => (match[1] ?? match[2])!);
}

describe('raw SQL', () => {
  it('knows the tables it looks for', () => {
    expect(tableNames).toEqual(expect.arrayContaining(['vendors', 'stamps', 'loyalty_cards', 'user_cards']));
  });

  it('finds a table named by hand', () => {
    expect(literalTableNames('select count(*) from stamps where stamps.vendor_id = ')).toEqual(['stamps', 'stamps']);
    expect(literalTableNames('join "loyalty_cards" on ')).toEqual(['loyalty_cards']);
    expect(literalTableNames('select 1 from ${…} where ${…} = ')).toEqual([]);
    // A CTE or alias that is not a table, and a function of that name, are not tables.
    expect(literalTableNames('with joined as (${…}) select count(*) from joined')).toEqual([]);
  });

  it('names tables through the schema objects, never by hand (ARCHITECTURE.md, Conventions)', () => {
    const offenders = productionFiles(join(root, 'src/server')).flatMap((file) =>
      sqlTemplateTexts(file).flatMap(({ line, text }) =>
        literalTableNames(text).map((table) => `${relative(root, file)}:${line} ${table}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
