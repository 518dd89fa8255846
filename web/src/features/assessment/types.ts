// Shapes of the assessment API answers (docs/api-contract.md) and of the browser's local record
// (eligibility spec section 3).
import type {
  AssessmentDefinition,
  AssessmentEvaluation,
  ComplexityResult,
  EligibilityResult,
  ParameterSet,
  ValueEstimate,
} from '@reclaim/engine';
import type { components } from '../../app/api-schema.gen';

export type AssessmentStatus = 'in_progress' | 'submitted' | 'COMPLETED';

type Schemas = components['schemas'];

/**
 * An assessment as the API returns it: the generated contract (web/src/app/api-schema.gen.ts,
 * from the API's OpenAPI document), with `results` typed by the engine and the result fields
 * (sdlt_*, cgt_* …) the API spreads at the top level.
 */
export type ServerAssessment = Omit<Schemas['AssessmentResponseDto'], 'results'> & {
  results: AssessmentEvaluation | null;
  [resultField: string]: unknown;
};

export type DocumentTask = Schemas['DocumentTaskResponseDto'];

/** GET /api/definitions/{serviceType}/published/: the generated contract, its JSON typed by the engine. */
export type PublishedDefinition = Omit<Schemas['PublishedDefinitionDto'], 'definition' | 'parameterSets'> & {
  definition: AssessmentDefinition;
  parameterSets: ParameterSet[] | Record<string, ParameterSet>;
};

export type SaveAssessmentBody = Pick<
  Schemas['SaveAssessmentDto'],
  'assessment_id' | 'service_type' | 'answers' | 'current_step' | 'version'
>;

export type SubmitAssessmentBody = Schemas['SubmitAssessmentDto'];

export type SubmitAssessmentResult = Omit<Schemas['SubmitAssessmentResponseDto'], 'assessment'> & {
  assessment: ServerAssessment;
};

/** The current assessment as the browser keeps it (guests: in localStorage). */
export interface LocalAssessmentRecord {
  id: string;
  service_type: string;
  service_name: string;
  answers: Record<string, unknown>;
  current_step: number;
  /** in_progress, submitted or COMPLETED; any other word shows the in-progress banner. */
  status: string;
  document_tasks: DocumentTask[];
  eligibility_result: EligibilityResult | null;
  complexity_result: ComplexityResult | null;
  value_estimate: ValueEstimate | null;
  claim_id?: string | null;
  /** Server version last read (clients only). */
  version?: number;
}
