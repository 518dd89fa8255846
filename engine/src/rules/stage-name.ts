// The names of the pipeline's stages (rules/stage-facts.ts declares them in order; rules/pipeline.ts
// gives each its function).
export type StageName =
  | 'facts'
  | 'eligibility'
  | 'complexity'
  | 'value'
  | 'potential'
  | 'approach'
  | 'recommendation'
  | 'resultFields';
