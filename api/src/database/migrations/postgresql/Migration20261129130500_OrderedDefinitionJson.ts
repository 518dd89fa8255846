import { Migration } from '@mikro-orm/migrations';

// A definition is an authored document whose key order is meaning: the results page lays out
// `resultFields` in the order the adviser wrote them. `jsonb` re-sorts object keys (shorter keys
// first), so on PostgreSQL the layout and every test that names a field by position changed.
// `json` keeps the text as written (decisions §121). Stored rows keep jsonb's order until the
// seeder rewrites the ones that came from files (same content, same checksum).
const COLUMNS: [table: string, column: string][] = [
  ['definition_version', 'json'],
  ['parameter_set', 'json'],
  ['parameter_set_draft', 'json'],
  ['parameter_set_version', 'json'],
];

export class Migration20261129130500_OrderedDefinitionJson extends Migration {
  override up(): void {
    for (const [table, column] of COLUMNS) {
      this.addSql(`alter table "${table}" alter column "${column}" type json using "${column}"::json;`);
    }
  }

  override down(): void {
    for (const [table, column] of COLUMNS) {
      this.addSql(`alter table "${table}" alter column "${column}" type jsonb using "${column}"::jsonb;`);
    }
  }
}
