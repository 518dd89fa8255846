import { DEFAULT_JSON_LIMITS, type JsonLimits } from '../../common/bounded-json';
import { TABLE_MAX_ROWS_LIMIT } from '@reclaim/engine';

/**
 * Routes that carry a questionnaire's answers. A table question holds up to 2,000 rows (the most a
 * definition may allow, TABLE_MAX_ROWS_LIMIT) of up to about 15 cells, so one answer may be a
 * 2,000-element array of ~35,000 keys and elements in all; the other limits stay the defaults.
 * validateAnswers then holds each table to its own definition's rows, columns and cell types.
 */
export const ANSWERS_JSON_LIMITS: Readonly<JsonLimits> = Object.freeze({
  ...DEFAULT_JSON_LIMITS,
  maxNodes: 40_000,
  maxArrayLength: TABLE_MAX_ROWS_LIMIT,
});
