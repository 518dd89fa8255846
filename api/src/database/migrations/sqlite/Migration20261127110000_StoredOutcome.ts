import { Migration } from '@mikro-orm/migrations';

// Issue 13 point 4: an evaluation's outcome (likelihood, service approach, median value) stored
// beside it, so an impact run reads three small columns per assessment instead of parsing the
// whole stored evaluation. Filled in for every assessment evaluated so far.
export class Migration20261127110000_StoredOutcome extends Migration {
  override up(): void {
    this.addSql(`alter table \`assessment\` add column \`outcome_likelihood\` text null;`);
    this.addSql(`alter table \`assessment\` add column \`outcome_approach\` text null;`);
    this.addSql(`alter table \`assessment\` add column \`outcome_value\` double null;`);
    this.addSql(
      `update \`assessment\` set
        \`outcome_likelihood\` = json_extract(\`results\`, '$.eligibility.likelihood'),
        \`outcome_approach\` = json_extract(\`results\`, '$.complexity.serviceApproach'),
        \`outcome_value\` = case when json_type(\`results\`, '$.value.estimates.median') in ('integer', 'real')
          then json_extract(\`results\`, '$.value.estimates.median') end
      where \`results\` is not null and json_valid(\`results\`);`,
    );
  }
}
