// Generated from the API's request DTOs (class-validator metadata). Do not edit by hand:
// api/test/form-constraints.test.ts regenerates it (UPDATE_API_CONSTRAINTS=1) and fails when it drifts.

/** What the web needs of one request-DTO property. `required`: an absent or empty value is refused. */
export interface FieldConstraints {
  readonly required?: true;
  readonly optional?: true;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly email?: true;
  /** An http(s) address with its protocol. */
  readonly url?: true;
  /** A RegExp source the whole value must match. */
  readonly pattern?: string;
  readonly integer?: true;
  readonly min?: number;
  readonly max?: number;
  readonly oneOf?: readonly (string | number)[];
}

/** The password policy the API applies in its service (api/src/modules/auth/password-policy.ts). */
export const PASSWORD_POLICY = { minLength: 8, maxLength: 1024 } as const;

/** Request DTO class name → property → its limits. */
export const API_CONSTRAINTS = {
  AcceptInviteDto: {
    new_password: { maxLength: 1024 },
    token: { required: true, minLength: 1, maxLength: 256 },
  },
  ApproveDraftDto: { checksum: { required: true, pattern: '^[0-9a-f]{64}$' } },
  BulkActionDto: {
    action: { oneOf: ['assign', 'status', 'message'] },
    message: { optional: true, maxLength: 5000 },
    note: { optional: true, maxLength: 2000 },
    status: {
      optional: true,
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
    template_key: { optional: true, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' },
  },
  ChangeClaimStatusDto: {
    amount_repaid: { optional: true, min: 0, max: 100000000 },
    fee: { optional: true, min: 0, max: 100000000 },
    note: { optional: true, maxLength: 2000 },
    status: {
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
  },
  ClaimDraftFieldsDto: {
    appealed_before: { optional: true, oneOf: ['', 'yes', 'no'] },
    bank_account_name: { optional: true, maxLength: 100 },
    bank_account_number: { optional: true, maxLength: 8, pattern: '^(?:\\d{8})?$' },
    bank_sort_code: { optional: true, maxLength: 8, pattern: '^(?:\\d{2}-?\\d{2}-?\\d{2})?$' },
    property_address: { optional: true, maxLength: 500 },
    purchasers: { optional: true, maxLength: 2000 },
    tax_reference: { optional: true, maxLength: 20, pattern: '^[A-Za-z0-9 /-]*$' },
    title_number: { optional: true, maxLength: 12, pattern: '^(?:[A-Za-z]{0,3}\\d{1,9})?$' },
    utrn: { optional: true, maxLength: 12, pattern: '^(?:\\d{9}[A-Za-z]{2}|\\d{12})?$' },
  },
  ClaimDraftSectionEditDto: { id: { maxLength: 60 }, text: { maxLength: 10000 } },
  CreateAssessmentDto: {
    current_step: { optional: true, integer: true, min: 0, max: 1000 },
    service_type: { required: true, pattern: '^[A-Za-z0-9_-]{1,100}$' },
  },
  CreateContactMessageDto: {
    email: { required: true, maxLength: 254, email: true },
    message: { required: true, maxLength: 5000 },
    name: { required: true, maxLength: 200 },
    phone: { optional: true, pattern: '^[0-9+()\\-\\s]{0,40}$' },
    subject: { required: true, maxLength: 200 },
  },
  CreateDocumentRequestDto: {
    due_date: { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    name: { required: true, maxLength: 300 },
    reason: { required: true, maxLength: 2000 },
  },
  CreateNewsDto: {
    author_name: { optional: true, maxLength: 200 },
    body: { required: true, maxLength: 100000 },
    slug: { optional: true, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
    summary: { required: true, maxLength: 1000 },
    title: { required: true, maxLength: 300 },
  },
  CreateThreadDto: {
    body: { required: true, maxLength: 10000 },
    subject: { required: true, maxLength: 200 },
  },
  DefinitionIdParamDto: { definitionId: { required: true, pattern: '^[a-z][a-z0-9_]{0,99}$' } },
  DeleteCurrentUserDto: { password: { required: true, minLength: 1, maxLength: 1024 } },
  DraftParamDto: {
    definitionId: { required: true, pattern: '^[a-z][a-z0-9_]{0,99}$' },
    version: { required: true, pattern: '^[1-9]\\d{0,5}$' },
  },
  EmailChangeUndoDto: { token: { required: true, minLength: 1, maxLength: 200 } },
  EmergencyRollbackDto: {
    reason: { required: true, maxLength: 2000, pattern: '\\S' },
    version: { optional: true, integer: true, min: 1 },
  },
  ImpactResultsQueryDto: {
    changed: { optional: true, oneOf: ['any', 'likelihood', 'approach', 'value', 'all'] },
    likelihood_after: { optional: true, maxLength: 50 },
    likelihood_before: { optional: true, maxLength: 50 },
    page: { optional: true, integer: true, min: 1, max: 1000000 },
    page_size: { optional: true, integer: true, min: 1, max: 200 },
    q: { optional: true, maxLength: 200 },
  },
  ImpactRunParamDto: {
    definitionId: { required: true, pattern: '^[a-z][a-z0-9_]{0,99}$' },
    runId: { required: true, pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
  },
  InviteStaffDto: {
    display_name: { optional: true, maxLength: 150 },
    email: { required: true, maxLength: 254, email: true },
    role: { oneOf: ['STAFF', 'ADMIN'] },
  },
  ListActivityLogsQueryDto: {
    action: { optional: true, pattern: '^[a-z0-9_.:-]{1,64}$' },
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
  },
  ListClaimsQueryDto: {
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
    search: { optional: true, maxLength: 100 },
    stage: { optional: true, oneOf: ['application', 'claim'] },
    status: {
      optional: true,
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
  },
  ListNewsAdminQueryDto: {
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
    status: { optional: true, oneOf: ['draft', 'published'] },
  },
  ListThreadsQueryDto: {
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
  },
  ListUsersQueryDto: {
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
    role: { optional: true, oneOf: ['CLIENT', 'STAFF', 'ADMIN'] },
    search: { optional: true, maxLength: 100 },
  },
  LoginDto: {
    password: { required: true, minLength: 1, maxLength: 1024 },
    username: { required: true, minLength: 1, maxLength: 254 },
  },
  LoginLinkConfirmDto: { token: { required: true, minLength: 1, maxLength: 256 } },
  LoginLinkDto: { email: { required: true, maxLength: 254, email: true } },
  ParameterRollbackDraftDto: { checksum: { required: true, pattern: '^[0-9a-f]{64}$' } },
  ParameterSetIdParamDto: { setId: { required: true, pattern: '^[a-z0-9][a-z0-9_-]{0,99}$' } },
  PasswordChangeDto: {
    current_password: { required: true, minLength: 1, maxLength: 1024 },
    new_password: { maxLength: 1024 },
  },
  PasswordResetConfirmDto: {
    new_password: { maxLength: 1024 },
    token: { required: true, minLength: 1, maxLength: 256 },
  },
  PasswordResetDto: { email: { required: true, maxLength: 254, email: true } },
  PatchAssessmentDto: {
    current_step: { optional: true, integer: true, min: 0, max: 1000 },
    status: { optional: true, oneOf: ['in_progress', 'submitted', 'COMPLETED'] },
    version: { optional: true, integer: true, min: 1 },
  },
  PostMessageDto: { body: { required: true, maxLength: 10000 } },
  RefreshDto: { refresh: { required: true, minLength: 1, maxLength: 4096 } },
  RegisterDto: {
    display_name: { optional: true, maxLength: 150 },
    email: { required: true, maxLength: 254, email: true },
    password: { maxLength: 1024 },
    username: { optional: true, minLength: 1, maxLength: 150 },
  },
  RequestChangesDto: { comment: { required: true, maxLength: 2000, pattern: '\\S' } },
  RollbackDraftDto: { to_version: { optional: true, integer: true, min: 1 } },
  SaveAnswersDto: { version: { optional: true, integer: true, min: 1 } },
  SaveAssessmentDto: {
    current_step: { optional: true, integer: true, min: 0, max: 1000 },
    service_type: { required: true, pattern: '^[A-Za-z0-9_-]{1,100}$' },
    status: { optional: true, oneOf: ['in_progress', 'submitted', 'COMPLETED'] },
    version: { optional: true, integer: true, min: 1 },
  },
  SaveDraftDto: { base_checksum: { optional: true, pattern: '^[0-9a-f]{64}$' } },
  SaveMessageTemplateDto: {
    base_version: { required: true, integer: true, min: 1 },
    body: { required: true, maxLength: 10000 },
    name: { optional: true, maxLength: 200 },
    subject: { required: true, maxLength: 200 },
  },
  SaveParameterDraftDto: { base_checksum: { required: true, pattern: '^[0-9a-f]{64}$' } },
  SavedViewDto: { name: { required: true, maxLength: 80 } },
  ServiceParamDto: { service: { required: true, pattern: '^[a-z0-9_]{1,100}$' } },
  ServiceTypeParamDto: { serviceType: { required: true, pattern: '^[A-Za-z0-9_-]{1,100}$' } },
  SignClaimDraftDto: {
    checksum: { required: true, pattern: '^[0-9a-f]{64}$' },
    date: { required: true, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    full_name: { required: true, minLength: 2, maxLength: 200, pattern: '[A-Za-z\\u00C0-\\u024F]' },
  },
  SlaTargetItemDto: {
    status: {
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
    working_days: { integer: true, min: 1, max: 365 },
  },
  SlugParamDto: { slug: { required: true, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' } },
  StartParameterImpactDto: { set_id: { required: true, pattern: '^[a-z0-9][a-z0-9_-]{0,99}$' } },
  SubmitAssessmentDto: { service_type: { optional: true, pattern: '^[A-Za-z0-9_-]{1,100}$' } },
  SubmitDraftDto: {
    release_note: { required: true, maxLength: 2000, pattern: '\\S' },
    source_url: { required: true, maxLength: 2000, url: true },
  },
  TemplateKeyParamDto: { key: { required: true, maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' } },
  UpdateCurrentUserDto: {
    avatar: { optional: true, maxLength: 500, url: true },
    current_password: { optional: true, minLength: 1, maxLength: 1024 },
    display_name: { optional: true, maxLength: 150 },
    email: { optional: true, maxLength: 254, email: true },
    username: { optional: true, minLength: 1, maxLength: 150 },
  },
  UpdateNewsDto: {
    author_name: { optional: true, maxLength: 200 },
    body: { optional: true, maxLength: 100000 },
    slug: { optional: true, maxLength: 200, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
    summary: { optional: true, maxLength: 1000 },
    title: { optional: true, maxLength: 300 },
  },
  UpdateUserDto: { role: { optional: true, oneOf: ['CLIENT', 'STAFF', 'ADMIN'] } },
  VerifyDto: { token: { required: true, minLength: 1, maxLength: 4096 } },
  WorkbenchFiltersDto: {
    assignee: {
      optional: true,
      pattern:
        '^(mine|unassigned|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
    },
    due: { optional: true, oneOf: ['overdue', 'due_soon'] },
    search: { optional: true, maxLength: 100 },
    service: { optional: true, pattern: '^[a-z0-9_]{1,100}$' },
    status: {
      optional: true,
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
  },
  WorkbenchQueryDto: {
    assignee: {
      optional: true,
      pattern:
        '^(mine|unassigned|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$',
    },
    due: { optional: true, oneOf: ['overdue', 'due_soon'] },
    page: { optional: true, integer: true, min: 1 },
    page_size: { optional: true, integer: true, min: 1, max: 100 },
    search: { optional: true, maxLength: 100 },
    service: { optional: true, pattern: '^[a-z0-9_]{1,100}$' },
    status: {
      optional: true,
      oneOf: [
        'submitted',
        'in_review',
        'documents_requested',
        'ready_to_file',
        'filed',
        'accepted',
        'paid',
        'rejected',
        'withdrawn',
      ],
    },
  },
} as const satisfies Record<string, Record<string, FieldConstraints>>;
