import { Migration } from '@mikro-orm/migrations';

// Issue 13 point 4: an evaluation's outcome (likelihood, service approach, median value) stored
// beside it, so an impact run reads three small columns per assessment instead of parsing the
// whole stored evaluation. Filled in for every assessment evaluated so far. The index of impact
// runs' pages carries them (and the date evaluated on), so a page need not read the row past the answers.
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
    this.addSql(`drop index \`assessment_assessment_type_id_index\`;`);
    this.addSql(
      `create index \`assessment_impact_page_index\` on \`assessment\` (\`assessment_type\`, \`id\`, \`status\`, \`evaluated_as_of\`, \`outcome_likelihood\`, \`outcome_approach\`, \`outcome_value\`);`,
    );
  }
}
