import { Migration } from '@mikro-orm/migrations';

// Issue 13 point 4: an evaluation's outcome (likelihood, service approach, median value) stored
// beside it, so an impact run reads three small columns per assessment instead of the whole
// stored evaluation (de-TOASTed per row). Filled in for every assessment evaluated so far, and
// carried by the index of impact runs' pages.
export class Migration20261127110001_StoredOutcome extends Migration {
  override up(): void {
    this.addSql(
      `alter table "assessment" add column "outcome_likelihood" varchar(20) null, add column "outcome_approach" varchar(40) null, add column "outcome_value" double precision null;`,
    );
    this.addSql(
      `update "assessment" set
        "outcome_likelihood" = left("results" #>> '{eligibility,likelihood}', 20),
        "outcome_approach" = left("results" #>> '{complexity,serviceApproach}', 40),
        "outcome_value" = case when jsonb_typeof("results" #> '{value,estimates,median}') = 'number'
          then ("results" #>> '{value,estimates,median}')::double precision end
      where "results" is not null;`,
    );
    this.addSql(`drop index "assessment_assessment_type_id_index";`);
    this.addSql(
      `create index "assessment_impact_page_index" on "assessment" ("assessment_type", "id", "status", "evaluated_as_of", "outcome_likelihood", "outcome_approach", "outcome_value");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "assessment_impact_page_index";`);
    this.addSql(
      `create index "assessment_assessment_type_id_index" on "assessment" ("assessment_type", "id");`,
    );
    this.addSql(
      `alter table "assessment" drop column "outcome_likelihood", drop column "outcome_approach", drop column "outcome_value";`,
    );
  }
}
