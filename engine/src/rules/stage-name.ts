// The names of the pipeline's stages (rules/pipeline.ts lists them, in order, with their handlers).
export type StageName =
  | 'facts'
  | 'eligibility'
  | 'complexity'
  | 'value'
  | 'potential'
  | 'approach'
  | 'recommendation'
  | 'resultFields';
