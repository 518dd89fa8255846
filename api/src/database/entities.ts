// Every entity, listed explicitly (no folder scanning). Both H5 and H6 add theirs here.
import { RateLimitRecord } from '../common/rate-limit/rate-limit.entity';
import { ActivityLog } from '../modules/activity-logs/activity-log.entity';
import { AuthSession } from '../modules/auth/auth-session.entity';
import { EmailChangeUndoToken } from '../modules/auth/email-change-undo-token.entity';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { User } from '../modules/users/user.entity';
import { Assessment } from '../modules/assessments/assessment.entity';
import { DocumentTask } from '../modules/assessments/document-task.entity';
import { IdempotencyKey } from '../modules/assessments/idempotency-key.entity';
import { ClaimEvent } from '../modules/claims/claim-event.entity';
import { Claim } from '../modules/claims/claim.entity';
import { ClaimDraft } from '../modules/claim-drafts/claim-draft.entity';
import { ContactMessage } from '../modules/contact/contact-message.entity';
import {
  DefinitionVersion,
  ParameterSetDraft,
  ParameterSetRecord,
  ParameterSetVersion,
} from '../modules/definitions/definition-version.entity';
import { Document } from '../modules/documents/document.entity';
import { ImpactRun, ImpactRunRow } from '../modules/definitions/impact/impact-run.entity';
import { JobProgress } from '../modules/jobs/job-progress.entity';
import { MessageThread } from '../modules/messages/message-thread.entity';
import { Message } from '../modules/messages/message.entity';
import { MessageTemplate } from '../modules/messages/message-template.entity';
import { NewsArticle } from '../modules/news/news-article.entity';
import { Service } from '../modules/services/service.entity';
import {
  AssignmentCursor,
  ClaimAssignment,
  SavedView,
  ServiceStaff,
  SlaTarget,
} from '../modules/workbench/workbench.entities';

export const entities = [
  // core (H5)
  User,
  AuthSession,
  RefreshToken,
  PasswordResetToken,
  ActivityLog,
  // domain (H6)
  Service,
  DefinitionVersion,
  ParameterSetRecord,
  ParameterSetDraft,
  ParameterSetVersion,
  Assessment,
  DocumentTask,
  IdempotencyKey,
  Claim,
  ClaimEvent,
  MessageThread,
  Message,
  Document,
  ContactMessage,
  NewsArticle,
  // scale-out: shared rate limits, background job progress
  RateLimitRecord,
  JobProgress,
  // account safety (issue 10)
  EmailChangeUndoToken,
  // adviser studio impact runs (issue 9)
  ImpactRun,
  ImpactRunRow,
  // draft claim documents (issue 30)
  ClaimDraft,
  // staff workbench (issue 30)
  SlaTarget,
  SavedView,
  ServiceStaff,
  AssignmentCursor,
  ClaimAssignment,
  // messages that reach people (issue 30 §3)
  MessageTemplate,
];
