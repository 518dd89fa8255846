import type { Assessment } from './assessment.entity';
import type { DocumentTask } from './document-task.entity';

const RESERVED = new Set([
  'assessment_id',
  'id',
  'claim_id',
  'user_id',
  'service_type',
  'assessment_type',
  'service_name',
  'answers',
  'current_step',
  'status',
  'version',
  'definition_version',
  'created_at',
  'updated_at',
  'submitted_at',
  'results',
  '__proto__',
  'constructor',
  'prototype',
]);

export interface AssessmentResponse {
  assessment_id: string;
  id: string;
  claim_id: string | null;
  user_id: string;
  service_type: string;
  assessment_type: string;
  service_name: string;
  answers: Record<string, unknown>;
  current_step: number;
  status: string;
  version: number;
  definition_version: number;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  results: Record<string, unknown> | null;
  [resultField: string]: unknown;
}

/** Result fields are spread at the top level (patent_box_*, sdlt_*, rd_*, cgt_*), as the results screen reads them. */
export function toAssessmentResponse(a: Assessment): AssessmentResponse {
  const resultFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(a.resultFields ?? {})) {
    if (!RESERVED.has(key)) resultFields[key] = value;
  }
  return {
    ...resultFields,
    assessment_id: a.id,
    id: a.id,
    claim_id: a.claimId,
    user_id: a.user.id,
    service_type: a.serviceType,
    assessment_type: a.assessmentType,
    service_name: a.serviceName,
    answers: a.answers,
    current_step: a.currentStep,
    status: a.status,
    version: a.version,
    definition_version: a.definitionVersion,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    submitted_at: a.submittedAt ? a.submittedAt.toISOString() : null,
    results: a.results,
  };
}

/** What a list shows: no answers and no results (a client with 1,000 assessments gets a small list). */
export type AssessmentSummary = Pick<
  AssessmentResponse,
  | 'assessment_id'
  | 'id'
  | 'claim_id'
  | 'user_id'
  | 'service_type'
  | 'assessment_type'
  | 'service_name'
  | 'current_step'
  | 'status'
  | 'version'
  | 'definition_version'
  | 'created_at'
  | 'updated_at'
  | 'submitted_at'
>;

export function toAssessmentSummary(
  a: Omit<Assessment, 'answers' | 'results' | 'resultFields'>,
): AssessmentSummary {
  return {
    assessment_id: a.id,
    id: a.id,
    claim_id: a.claimId,
    user_id: a.user.id,
    service_type: a.serviceType,
    assessment_type: a.assessmentType,
    service_name: a.serviceName,
    current_step: a.currentStep,
    status: a.status,
    version: a.version,
    definition_version: a.definitionVersion,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    submitted_at: a.submittedAt ? a.submittedAt.toISOString() : null,
  };
}

/** The requirement id of a document staff asked for (the rest come from the definition). */
export const STAFF_REQUEST_PREFIX = 'staff-request:';

export interface DocumentTaskResponse {
  id: string;
  document_id: string;
  name: string;
  description: string;
  required: boolean;
  status: 'pending' | 'completed';
  uploaded_document_id: string | null;
  completed_at: string | null;
  due_date: string | null;
  requested_by_staff: boolean;
  requested_at: string;
}

export function toDocumentTaskResponse(t: Omit<DocumentTask, 'assessment'>): DocumentTaskResponse {
  return {
    id: t.id,
    document_id: t.requirementId,
    name: t.name,
    description: t.description,
    required: t.required,
    status: t.status,
    uploaded_document_id: t.uploadedDocumentId,
    completed_at: t.completedAt ? t.completedAt.toISOString() : null,
    due_date: t.dueDate,
    requested_by_staff: t.requirementId.startsWith(STAFF_REQUEST_PREFIX),
    requested_at: t.createdAt.toISOString(),
  };
}

/** A pending document task with the assessment it belongs to, for the client dashboard. */
export interface PendingDocumentTaskResponse extends DocumentTaskResponse {
  assessment_id: string;
  service_type: string;
  service_name: string;
}
