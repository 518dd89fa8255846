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

export type AssessmentStatus = 'in_progress' | 'submitted' | 'COMPLETED';

export interface ServerAssessment {
  assessment_id: string;
  id: string;
  claim_id: string | null;
  service_type: string;
  assessment_type: string;
  service_name: string;
  answers: Record<string, unknown>;
  current_step: number;
  /** in_progress, submitted or COMPLETED; any other word shows the in-progress banner. */
  status: string;
  version: number;
  definition_version: number;
  created_at: string;
  updated_at: string;
  results: AssessmentEvaluation | null;
  [resultField: string]: unknown;
}

export interface DocumentTask {
  id: string;
  document_id: string;
  name: string;
  description: string;
  required: boolean;
  status: 'pending' | 'completed';
  uploaded_document_id: string | null;
}

export interface PublishedDefinition {
  definition: AssessmentDefinition;
  parameterSets: ParameterSet[] | Record<string, ParameterSet>;
}

export interface SaveAssessmentBody {
  assessment_id?: string;
  service_type: string;
  answers: Record<string, unknown>;
  current_step: number;
  version?: number;
}

export interface SubmitAssessmentBody {
  assessment_id: string;
  service_type: string;
  answers: Record<string, unknown>;
}

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
