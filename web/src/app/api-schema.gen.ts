// Generated from the API's OpenAPI document by openapi-typescript. Do not edit by hand:
// api/test/openapi-types.test.ts regenerates it (UPDATE_API_TYPES=1) and fails when it drifts.
export interface paths {
  '/admin/activity-logs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdminController_activityLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdminController_dashboard'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/system-metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdminController_systemMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdminController_users'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations['AdminController_updateUser'];
    trace?: never;
  };
  '/admin/users/{id}/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdminController_audit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/users/invite': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a staff member by e-mail
     * @description Creates an inactive account with the role chosen and e-mails a single-use link (72 hours) to set a password. Inviting a pending address again sends a new link and ends the old one.
     */
    post: operations['AdminController_invite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/assessment/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AssessmentsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/assessment/{id}/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AssessmentsController_documents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/assessment/save': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AssessmentsController_save'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/assessment/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AssessmentsController_submit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/assessments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AssessmentsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ClaimsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ClaimsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/document-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['DocumentRequestsController_list'];
    put?: never;
    post: operations['DocumentRequestsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/drafts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ClaimDraftsController_list'];
    put?: never;
    post: operations['ClaimDraftsController_generate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/drafts/{draftId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['ClaimDraftsController_edit'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/drafts/{draftId}/pdf': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ClaimDraftsController_pdf'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/drafts/{draftId}/sign': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ClaimDraftsController_sign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/drafts/fields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['ClaimDraftsController_supply'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/claims/{id}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ClaimsController_changeStatus'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/contact-messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ContactController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['DefinitionsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_check'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['AdviserController_saveDraft'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdviserController_getDraft'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_approve'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/diff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdviserController_diff'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/impact': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdviserController_impact'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/impact-runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ImpactRunsController_start'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_publish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/request-changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_requestChanges'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_submit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/try': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_tryDraft'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/drafts/{version}/withdraw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_withdraw'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AdviserController_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ImpactRunsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ImpactRunsController_cancel'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}/results': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ImpactRunsController_results'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}/results.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ImpactRunsController_csv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ImpactRunsController_summary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/impact-runs/{runId}/summary.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ImpactRunsController_summaryCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/parameter-impact-runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ImpactRunsController_startForParameters'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/rollback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_rollback'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{definitionId}/rollback-draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AdviserController_rollbackDraft'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/definitions/{serviceType}/published': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['DefinitionsController_published'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/document-tasks/{id}/complete': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AssessmentsController_completeTask'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/document-tasks/pending': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AssessmentsController_pendingTasks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['DocumentsController_list'];
    put?: never;
    post: operations['DocumentsController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete: operations['DocumentsController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/documents/{id}/download': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['DocumentsController_download'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: 200 only when every dependency the instance needs answers */
    get: operations['health_readiness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: the process is up and serving HTTP; never looks at a dependency */
    get: operations['health_liveness'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/message-templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessageTemplatesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/message-templates/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['MessageTemplatesController_save'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/message-templates/{key}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessageTemplatesController_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/message-templates/merge-fields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessageTemplatesController_fields'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/messages/threads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessagesController_list'];
    put?: never;
    post: operations['MessagesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/messages/threads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessagesController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/messages/threads/{id}/messages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['MessagesController_post'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/messages/unread-count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['MessagesController_unread'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/news': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['NewsController_listAll'];
    put?: never;
    post: operations['NewsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/news/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations['NewsController_update'];
    trace?: never;
  };
  '/api/news/{slug}/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['NewsController_publish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/news/{slug}/unpublish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['NewsController_unpublish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ParameterSetsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}/draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['ParameterSetsController_saveDraft'];
    post?: never;
    delete: operations['ParameterSetsController_discard'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}/draft/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ParameterSetsController_approve'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}/draft/publish': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ParameterSetsController_publish'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}/draft/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ParameterSetsController_submit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parameter-sets/{setId}/rollback-draft': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ParameterSetsController_rollbackDraft'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['WorkbenchController_bulk'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/claims': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/claims/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_detail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/claims/{id}/assign': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['WorkbenchController_assign'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/claims/{id}/timeline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_timeline'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/service-staff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_serviceStaff'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/service-staff/{service}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['WorkbenchController_setServiceStaff'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/sla-targets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_slaTargets'];
    put: operations['WorkbenchController_setSlaTargets'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/staff': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_staff'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/views': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['WorkbenchController_views'];
    put?: never;
    post: operations['WorkbenchController_createView'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/workbench/views/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put: operations['WorkbenchController_updateView'];
    post?: never;
    delete: operations['WorkbenchController_deleteView'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assessments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AssessmentsController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/assessments/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['AssessmentsController_getById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch: operations['AssessmentsController_patch'];
    trace?: never;
  };
  '/assessments/{id}/answers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AssessmentsController_saveAnswers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/email-change/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Undo an e-mail change with the link sent to the old address
     * @description Restores the old address and ends every session. Single use, valid 7 days.
     */
    post: operations['AuthController_undoEmailChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/invite/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Accept a staff invitation: set the password and activate the account (single use) */
    post: operations['AuthController_acceptInvite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with e-mail (as username) and password */
    post: operations['AuthController_login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login-link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a one-time sign-in link
     * @description The way in when sign-in is throttled: the link signs in once within 15 minutes and makes the device known. Same answer whether or not the account exists.
     */
    post: operations['AuthController_loginLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login-link/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in with an e-mailed link (single use) */
    post: operations['AuthController_loginLinkConfirm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password-change': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_passwordChange'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_passwordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/password-reset/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_passwordResetConfirm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Rotate a refresh token: answers a new access and refresh token */
    post: operations['AuthController_refresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a client account
     * @description The same answer whether or not the address already has an account (its owner is told by e-mail); sign in afterwards with the password.
     */
    post: operations['AuthController_register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['AuthController_verify'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/contact': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post: operations['ContactController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/news': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['NewsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/news/{slug}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['NewsController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/services': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ServicesController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/services/category/{category}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['ServicesController_byCategory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/users/current': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['UsersController_current'];
    put?: never;
    post?: never;
    delete: operations['UsersController_erase'];
    options?: never;
    head?: never;
    patch: operations['UsersController_update'];
    trace?: never;
  };
  '/users/current/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: operations['UsersController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AcceptInviteDto: {
      new_password: string;
      /** @description The token from the invitation link */
      token: string;
      uid: string;
    };
    AcceptInviteResponse: {
      detail: string;
      /** @description The account’s address, to sign in with */
      email: string;
    };
    ActivityLogPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['ActivityLogResponseDto'][];
    };
    ActivityLogResponseDto: {
      action: string;
      /** Format: date-time */
      created_at: string;
      detail: {
        [key: string]: unknown;
      } | null;
      id: string;
      ip: string | null;
      target_id: string | null;
      target_type: string | null;
      user: components['schemas']['ActivityLogUserDto'] | null;
      user_agent: string | null;
    };
    ActivityLogUserDto: {
      email: string;
      id: string;
    };
    ActorDto: {
      display_name: string;
      id: string;
      role: components['schemas']['Role'];
    };
    AdminDashboardDto: {
      assessments: components['schemas']['DashboardAssessmentsDto'];
      claims: components['schemas']['DashboardClaimsDto'];
      pipeline_value: components['schemas']['ValueRangeDto'];
      recent_activity: components['schemas']['ActivityLogResponseDto'][];
      users: components['schemas']['DashboardUsersDto'];
      value_over_time: components['schemas']['MonthValueDto'][];
    };
    AdminUserResponse: {
      avatar: string | null;
      date_joined: string;
      display_name: string;
      email: string;
      id: string;
      /** @description Invited and not yet accepted: the account has no password and is inactive */
      invite_pending: boolean;
      is_active: boolean;
      is_staff: boolean;
      last_login: string | null;
      notification_preferences: components['schemas']['NotificationPreferencesDto'];
      /** @enum {string} */
      role: 'CLIENT' | 'STAFF' | 'ADMIN';
      username: string;
    };
    ApproveDraftDto: {
      /** @description The checksum of the draft the reviewer read; a different one → 409. */
      checksum: string;
    };
    AssessmentResponseDto: {
      answers: {
        [key: string]: unknown;
      };
      /** @description The same as id (eligibility spec section 7). */
      assessment_id: string;
      assessment_type: string;
      claim_id: string | null;
      /** Format: date-time */
      created_at: string;
      current_step: number;
      definition_version: number;
      id: string;
      /** @description The engine evaluation (eligibility, complexity, value, approach, documents, trace). */
      results: {
        [key: string]: unknown;
      } | null;
      service_name: string;
      service_type: string;
      /** @description in_progress, submitted or COMPLETED */
      status: string;
      /** Format: date-time */
      submitted_at: string | null;
      /** Format: date-time */
      updated_at: string;
      user_id: string;
      version: number;
    };
    AssessmentSummaryDto: {
      assessment_id: string;
      assessment_type: string;
      claim_id: string | null;
      /** Format: date-time */
      created_at: string;
      current_step: number;
      definition_version: number;
      id: string;
      service_name: string;
      service_type: string;
      /** @description in_progress, submitted or COMPLETED */
      status: string;
      /** Format: date-time */
      submitted_at: string | null;
      /** Format: date-time */
      updated_at: string;
      user_id: string;
      version: number;
    };
    AssignDto: {
      /**
       * Format: uuid
       * @description Null to unassign.
       */
      assignee_id: string | null;
    };
    BulkActionDto: {
      /** @enum {string} */
      action: 'assign' | 'status' | 'message';
      /**
       * Format: uuid
       * @description assign: the staff member (null unassigns).
       */
      assignee_id?: string | null;
      claim_ids: string[];
      /** @description message: the text for the template’s {{message}} merge field, when it has one. */
      message?: string;
      /** @description status: a note for the timeline. */
      note?: string;
      /**
       * @description status: the new status.
       * @enum {string}
       */
      status?:
        | 'submitted'
        | 'in_review'
        | 'documents_requested'
        | 'ready_to_file'
        | 'filed'
        | 'accepted'
        | 'paid'
        | 'rejected'
        | 'withdrawn';
      /** @description message: the message template to send (its version in use); merge fields are filled per claim. */
      template_key?: string;
    };
    BulkResultDto: {
      claim_id: string;
      /** @description Why this claim was not changed. */
      error: string | null;
      ok: boolean;
    };
    BulkResultsDto: {
      /** @enum {string} */
      action: 'assign' | 'status' | 'message';
      results: components['schemas']['BulkResultDto'][];
    };
    ChangeClaimStatusDto: {
      /** @description Pounds HMRC repaid (2 decimal places). Required when status is paid; only accepted then. */
      amount_repaid?: number;
      /** @description Our fee in pounds (2 decimal places). Optional, only with status paid. */
      fee?: number;
      note?: string;
      /** @enum {string} */
      status:
        | 'submitted'
        | 'in_review'
        | 'documents_requested'
        | 'ready_to_file'
        | 'filed'
        | 'accepted'
        | 'paid'
        | 'rejected'
        | 'withdrawn';
    };
    ClaimDeadlineDto: {
      /**
       * Format: date
       * @description The statutory deadline the engine worked out.
       */
      date: string;
      /** @description Days left (negative once passed); null once the claim is filed or closed. */
      days_left: number | null;
      /** @description What it is the limit of, and the law. */
      label: string;
    };
    /**
     * @description The client fields this route reads (names as in client_fields)
     * @enum {string}
     */
    ClaimDraftClientField:
      | 'utrn'
      | 'purchasers'
      | 'property_address'
      | 'title_number'
      | 'bank_account_name'
      | 'bank_sort_code'
      | 'bank_account_number'
      | 'appealed_before'
      | 'tax_reference';
    ClaimDraftClientFieldsDto: {
      appealed_before: string;
      bank_account_name: string;
      bank_account_number: string;
      bank_sort_code: string;
      property_address: string;
      purchasers: string;
      tax_reference: string;
      title_number: string;
      utrn: string;
    };
    ClaimDraftDefinitionDto: {
      id: string;
      version: number;
    };
    ClaimDraftFieldsDto: {
      /**
       * @description Whether you have appealed against this tax before
       * @enum {string}
       */
      appealed_before?: '' | 'yes' | 'no';
      bank_account_name?: string;
      /** @description Eight digits */
      bank_account_number?: string;
      /** @description Six digits, e.g. 12-34-56 */
      bank_sort_code?: string;
      property_address?: string;
      /** @description Every purchaser's name and address, one per line */
      purchasers?: string;
      /** @description Your HMRC reference for this tax (Self Assessment UTR, inheritance tax reference) */
      tax_reference?: string;
      /** @description Land Registry title number, e.g. NGL123456 */
      title_number?: string;
      /** @description UTRN of the original return: 123456789MC, or 12 digits (Wales) */
      utrn?: string;
    };
    ClaimDraftItemDto: {
      basis: string | null;
      id: string;
      /** @enum {string} */
      kind: 'hard' | 'warn';
      label: string;
      /** @description What is missing, in plain English */
      missing: string | null;
      ref: string | null;
      /** @enum {string} */
      source: 'fact' | 'answer' | 'client' | 'staff' | 'declaration' | 'document' | 'limit';
      /** @enum {string} */
      status: 'present' | 'missing';
      /** @description The value as shown (empty when missing) */
      value: string;
    };
    ClaimDraftLimitDto: {
      /**
       * Format: date
       * @description The last day to claim by this route
       */
      date: string | null;
      /** @description The claim is dated on or before the last day */
      in_time: boolean;
      /** @description The dated parameter of the limit */
      parameter: components['schemas']['ClaimDraftParameterDto'] | null;
      /** @description The rule applied, in words */
      rule: string;
    };
    ClaimDraftListDto: {
      results: components['schemas']['ClaimDraftResponseDto'][];
    };
    ClaimDraftParameterDto: {
      key: string;
      set: string;
    };
    ClaimDraftResponseDto: {
      /** @description Checksum of the draft as shown, without the declaration. Sent back when signing: a draft changed since is not signed (409). */
      checksum: string;
      claim_id: string;
      client_fields: components['schemas']['ClaimDraftClientFieldsDto'];
      /** @description The client fields this route reads (names as in client_fields) */
      client_fields_needed: components['schemas']['ClaimDraftClientField'][];
      /** @description Every hard item is present */
      complete: boolean;
      /** Format: date-time */
      created_at: string;
      definition: components['schemas']['ClaimDraftDefinitionDto'];
      /** Format: date */
      evaluated_as_of: string;
      id: string;
      items: components['schemas']['ClaimDraftItemDto'][];
      legal_basis: string;
      limit: components['schemas']['ClaimDraftLimitDto'];
      missing_hard: string[];
      /** @description The signed PDF can be downloaded */
      pdf_available: boolean;
      /** @description Every hard item but the declaration is present: the client may sign */
      ready_to_sign: boolean;
      route_id: string;
      sections: components['schemas']['ClaimDraftSectionDto'][];
      signed: components['schemas']['ClaimDraftSignatureDto'] | null;
      title: string;
      /** Format: date-time */
      updated_at: string;
      warn_gaps: string[];
    };
    ClaimDraftSectionDto: {
      /** @description Staff edit this section */
      editable: boolean;
      heading: string;
      id: string;
      /** @description An editable section’s text before its merge fields are filled */
      source: string;
      /** @description The section with its merge fields filled */
      text: string;
    };
    ClaimDraftSectionEditDto: {
      id: string;
      text: string;
    };
    ClaimDraftSignatureDto: {
      /** Format: date-time */
      at: string;
      /** Format: date */
      date: string;
      name: string;
    };
    ClaimPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['ClaimResponseDto'][];
    };
    ClaimResponseDto: {
      /** @description Pounds HMRC repaid, recorded when paid. */
      amount_repaid: number | null;
      assessment_id: string;
      /** Format: date-time */
      created_at: string;
      estimated_value: components['schemas']['ValueRangeDto'] | null;
      /** @description Our fee in pounds, recorded when paid. */
      fee: number | null;
      id: string;
      /** @description Where staff may move it next, the usual next step first. */
      next_statuses: components['schemas']['ClaimStatus'][];
      reference: string;
      service_name: string;
      service_type: string;
      stage: components['schemas']['ClaimStage'];
      status: components['schemas']['ClaimStatus'];
      /** @description On a single claim only. */
      timeline?: components['schemas']['ClaimTimelineEntryDto'][];
      /** Format: date-time */
      updated_at: string;
      user: components['schemas']['ClaimUserDto'];
    };
    /** @enum {string} */
    ClaimStage: 'application' | 'claim';
    /** @enum {string} */
    ClaimStatus:
      | 'submitted'
      | 'in_review'
      | 'documents_requested'
      | 'ready_to_file'
      | 'filed'
      | 'accepted'
      | 'paid'
      | 'rejected'
      | 'withdrawn';
    ClaimTimelineEntryDto: {
      actor: components['schemas']['ActorDto'] | null;
      /** Format: date-time */
      created_at: string;
      id: string;
      note: string;
      status: components['schemas']['ClaimStatus'];
    };
    ClaimUserDto: {
      display_name: string;
      email: string;
      id: string;
    };
    CompleteDocumentTaskDto: {
      /**
       * Format: uuid
       * @description An uploaded Document id of the same user.
       */
      document_id: string;
    };
    ContactMessageDto: {
      /** Format: date-time */
      created_at: string;
      email: string;
      id: string;
      message: string;
      name: string;
      phone: string | null;
      subject: string;
    };
    ContactMessagePageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['ContactMessageDto'][];
    };
    CoverageItemDto: {
      /** @description The passing tests that exercise it. */
      covered_by: string[];
      /** @description Rule id, or set/key of a parameter. */
      id: string;
      /** @enum {string} */
      kind: 'rule' | 'parameter';
      /** @description In words: the rule or parameter. */
      label: string;
    };
    CreateAssessmentDto: {
      answers?: {
        [key: string]: unknown;
      };
      current_step?: number;
      service_type: string;
    };
    CreateContactMessageDto: {
      email: string;
      message: string;
      name: string;
      phone?: string;
      subject: string;
    };
    CreateDocumentRequestDto: {
      /**
       * Format: date
       * @description YYYY-MM-DD, today or later (within a year).
       */
      due_date: string;
      /** @description What is asked for, e.g. "Completion statement". */
      name: string;
      /** @description Why it is needed, in words the client understands. */
      reason: string;
    };
    CreateNewsDto: {
      author_name?: string;
      /** @description Markdown */
      body: string;
      /** @description Made from the title when missing. */
      slug?: string;
      summary: string;
      title: string;
    };
    CreateThreadDto: {
      body: string;
      /** Format: uuid */
      claim_id?: string;
      /**
       * Format: uuid
       * @description Staff only: the client the thread is with.
       */
      client_id?: string;
      subject: string;
    };
    DashboardAssessmentsDto: {
      /** @description Assessments per service type code */
      by_service: {
        [key: string]: number;
      };
      by_status: {
        [key: string]: number;
      };
      /** @description Catalogue names of the services in by_service */
      service_names: {
        [key: string]: string;
      };
    };
    DashboardClaimsDto: {
      by_status: {
        [key: string]: number;
      };
      total: number;
    };
    DashboardUsersDto: {
      clients: number;
      new_last_30_days: number;
      staff: number;
      total: number;
    };
    DatabaseSizeDto: {
      /** @enum {string} */
      driver: 'sqlite' | 'postgresql';
      size_bytes: number;
    };
    DeadlineDto: {
      /**
       * Format: date
       * @description The statutory deadline the engine worked out.
       */
      date: string;
      /** @description What it is the limit of, and the law. */
      label: string;
    };
    DefinitionChangeDto: {
      /** @enum {string} */
      kind: 'changed' | 'added' | 'removed' | 'moved';
      path: string;
      screen: string;
      sentence: string;
    };
    DefinitionCheckDto: {
      /** @enum {string} */
      code:
        | 'schema'
        | 'semantic'
        | 'bands-order'
        | 'levels-order'
        | 'points-above-max'
        | 'yes-no-vs-text'
        | 'value-not-an-option'
        | 'question-unread'
        | 'parameter-value-type'
        | 'parameter-dates-gap'
        | 'parameter-dates-overlap'
        | 'parameter-test-name-duplicate'
        | 'max-score-changed';
      /** @description The field in words. */
      field: string;
      message: string;
      /** @description JSON pointer into the definition (or parameters:<set>/…). */
      path: string;
      /** @description Studio screen: Questions, Scoring, … Parameters, Tests, General. */
      screen: string;
      /** @enum {string} */
      severity: 'error' | 'warning';
    };
    DefinitionChecksDto: {
      checks: components['schemas']['DefinitionCheckDto'][];
    };
    DefinitionDiffDto: {
      changes: components['schemas']['DefinitionChangeDto'][];
      /** @description The version in force today, if any. */
      from_version: number | null;
      to_version: number;
    };
    DefinitionHistoryDto: {
      items: components['schemas']['HistoryItemDto'][];
    };
    DefinitionImpactDto: {
      changed: components['schemas']['ImpactChangeDto'][];
      changed_count: number;
      checked: number;
      definition: components['schemas']['DefinitionVersionDto'];
    };
    DefinitionSummaryDto: {
      /** Format: date */
      effectiveFrom: string;
      id: string;
      serviceType: string;
      /** @description published, or for staff also draft, submitted, approved … */
      status: string;
      title: string;
      version: number;
    };
    DefinitionVersionDto: {
      checksum: string;
      /** Format: date */
      effectiveFrom: string;
      id: string;
      review: components['schemas']['ReviewInfoDto'];
      /** @description Published with an effectiveFrom after the server's today. */
      scheduled: boolean;
      serviceType: string;
      /**
       * @description A retired version answers no more.
       * @enum {string}
       */
      status: 'draft' | 'published' | 'retired';
      title: string;
      /** Format: date-time */
      updated_at: string | null;
      updated_by: components['schemas']['PersonDto'] | null;
      version: number;
    };
    DeleteCurrentUserDto: {
      /** @description The current password, to confirm erasure */
      password: string;
    };
    DetailResponse: {
      detail: string;
    };
    DocumentPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['DocumentResponseDto'][];
    };
    DocumentRequestResponseDto: {
      claim_id: string;
      /** Format: date-time */
      completed_at: string | null;
      description: string;
      /** @description The requirement id from the definition. */
      document_id: string;
      /**
       * Format: date
       * @description Staff requests: when it is due.
       */
      due_date: string | null;
      id: string;
      name: string;
      /** Format: date-time */
      requested_at: string;
      /** @description Asked for by staff (description says why), not by the assessment. */
      requested_by_staff: boolean;
      required: boolean;
      /** @enum {string} */
      status: 'pending' | 'completed';
      uploaded_document_id: string | null;
    };
    DocumentResponseDto: {
      assessment_id: string | null;
      claim_id: string | null;
      content_type: string;
      filename: string;
      id: string;
      owner_id: string;
      sha256: string;
      size: number;
      /** Format: date-time */
      uploaded_at: string;
    };
    DocumentTaskResponseDto: {
      /** Format: date-time */
      completed_at: string | null;
      description: string;
      /** @description The requirement id from the definition. */
      document_id: string;
      /**
       * Format: date
       * @description Staff requests: when it is due.
       */
      due_date: string | null;
      id: string;
      name: string;
      /** Format: date-time */
      requested_at: string;
      /** @description Asked for by staff (description says why), not by the assessment. */
      requested_by_staff: boolean;
      required: boolean;
      /** @enum {string} */
      status: 'pending' | 'completed';
      uploaded_document_id: string | null;
    };
    DraftConflictDto: {
      /** Format: date-time */
      changed_at: string;
      changed_by: components['schemas']['PersonDto'] | null;
      /** @description Its checksum (the base_checksum to save over it on purpose). */
      checksum: string;
      message: string;
      /** @description The open draft saved meanwhile. */
      version: number;
    };
    DraftDto: {
      checks: components['schemas']['DefinitionCheckDto'][];
      checksum: string;
      /** @description The release gate: the changed rules and parameters against the version in force and the passing tests that exercise each (null when the draft does not load). */
      coverage: components['schemas']['ReleaseCoverageDto'] | null;
      /** @description The assessment definition JSON (engine AssessmentDefinition) */
      definition: {
        [key: string]: unknown;
      };
      /** Format: date */
      effectiveFrom: string;
      id: string;
      review: components['schemas']['ReviewInfoDto'];
      /** @description Published with an effectiveFrom after the server's today. */
      scheduled: boolean;
      serviceType: string;
      /**
       * @description A retired version answers no more.
       * @enum {string}
       */
      status: 'draft' | 'published' | 'retired';
      title: string;
      /** Format: date-time */
      updated_at: string | null;
      updated_by: components['schemas']['PersonDto'] | null;
      version: number;
    };
    EditClaimDraftDto: {
      sections: components['schemas']['ClaimDraftSectionEditDto'][];
    };
    EmailChangeUndoDto: {
      /** @description The token from the link e-mailed to the old address */
      token: string;
    };
    EmailChangeUndoResponse: {
      detail: string;
      /** @description The restored address */
      email: string;
    };
    EmergencyRollbackDto: {
      /** @description Why this cannot wait for a review (kept in the history). */
      reason: string;
      /** @description The published version to retire (default: the one in force today). */
      version?: number;
    };
    /** @description Readiness: the instance and every dependency it needs to serve. */
    HealthReport: {
      /** @enum {string} */
      database: 'ok' | 'down';
      /**
       * @description Present while the instance drains after SIGTERM (status "error", 503).
       * @enum {boolean}
       */
      draining?: true;
      /**
       * @description Present when REDIS_URL is set (rate limits live there).
       * @enum {string}
       */
      redis?: 'ok' | 'down';
      /** @enum {string} */
      status: 'ok' | 'error';
      /**
       * @description Present when uploads go to S3 object storage.
       * @enum {string}
       */
      storage?: 'ok' | 'down';
      /** @description Seconds since the instance started. */
      uptime: number;
      version: string;
    };
    HistoryItemDto: {
      action: string;
      /** Format: date-time */
      at: string;
      detail: {
        [key: string]: unknown;
      };
      label: string;
      user: components['schemas']['PersonDto'] | null;
      version: number | null;
    };
    ImpactAbRowDto: {
      a: number;
      b: number;
      value: string | null;
    };
    ImpactChangedCountsDto: {
      any: number;
      approach: number;
      likelihood: number;
      value_band: number;
    };
    ImpactChangeDto: {
      after: components['schemas']['ImpactOutcomeBeforeDto'];
      assessment_id: string;
      before: components['schemas']['ImpactOutcomeBeforeDto'] | null;
    };
    ImpactMeasureDto: {
      label: string;
      /** @enum {string} */
      measure: 'likelihood' | 'value_band' | 'approach';
      rows: components['schemas']['ImpactAbRowDto'][];
    };
    ImpactOutcomeBeforeDto: {
      likelihood: string;
      median: number;
      serviceApproach: string;
    };
    ImpactOutcomeDto: {
      approach: string | null;
      likelihood: string | null;
      value: number | null;
    };
    ImpactResultsDto: {
      page: number;
      page_size: number;
      rows: components['schemas']['ImpactRowDto'][];
      total: number;
    };
    ImpactRowDto: {
      after: components['schemas']['ImpactOutcomeDto'];
      assessment_id: string;
      before: components['schemas']['ImpactOutcomeDto'];
      changes: ('likelihood' | 'approach' | 'value')[];
      claim_reference: string | null;
      client_name: string | null;
    };
    ImpactRunDto: {
      changed_count: number;
      checked: number;
      checksum: string;
      /** Format: date-time */
      created_at: string;
      definition_id: string;
      draft_version: number;
      error: string | null;
      /** Format: date-time */
      finished_at: string | null;
      parameter_set_id: string | null;
      percent: number;
      run_id: string;
      started_by: components['schemas']['PersonDto'] | null;
      /** @enum {string} */
      state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
      total: number | null;
    };
    ImpactRunStartedDto: {
      run_id: string;
      /** @enum {string} */
      state: 'queued';
    };
    ImpactSummaryDto: {
      a_label: string;
      b_label: string;
      changed: components['schemas']['ImpactChangedCountsDto'];
      checked: number;
      /** @enum {string} */
      kind: 'definition' | 'parameters';
      largest_value_changes: components['schemas']['ImpactValueChangeDto'][];
      measures: components['schemas']['ImpactMeasureDto'][];
      run_id: string;
    };
    ImpactValueChangeDto: {
      after: components['schemas']['ImpactOutcomeDto'];
      assessment_id: string;
      before: components['schemas']['ImpactOutcomeDto'];
      changes: ('likelihood' | 'approach' | 'value')[];
      claim_reference: string | null;
      client_name: string | null;
      value_change: number;
    };
    InviteStaffDto: {
      display_name?: string;
      /** @description The address the invitation link is sent to */
      email: string;
      /** @enum {string} */
      role: 'STAFF' | 'ADMIN';
    };
    LatencyDto: {
      p50: number;
      p95: number;
      p99: number;
    };
    LivenessReport: {
      /** @enum {string} */
      status: 'ok';
      uptime: number;
      version: string;
    };
    LoginDto: {
      password: string;
      /** @description Refresh token lasts 30 days instead of 1 */
      remember?: boolean;
      /** @description The e-mail address */
      username: string;
    };
    LoginLinkConfirmDto: {
      /** @description Refresh token lasts 30 days instead of 1 */
      remember?: boolean;
      /** @description The token from the e-mailed link */
      token: string;
      uid: string;
    };
    LoginLinkDto: {
      /** @description The e-mail address of the account */
      email: string;
    };
    MemoryDto: {
      heap_total: number;
      heap_used: number;
      rss: number;
    };
    MergeFieldDto: {
      description: string;
      name: string;
    };
    MessageResponseDto: {
      body: string;
      /** Format: date-time */
      created_at: string;
      id: string;
      /** Format: date-time */
      read_at: string | null;
      sender: components['schemas']['ActorDto'];
      /** @description The template (and its version) the message was made from. */
      template: components['schemas']['MessageTemplateRefDto'] | null;
      thread_id: string;
    };
    MessageTemplateRefDto: {
      key: string;
      version: number;
    };
    MessageTemplateResponseDto: {
      body: string;
      /** Format: date-time */
      created_at: string;
      created_by: string | null;
      /** @description The merge fields the text uses. */
      fields: string[];
      key: string;
      name: string;
      subject: string;
      /** @description Each save adds the next version; the highest is in use. */
      version: number;
    };
    MonthValueDto: {
      count: number;
      median: number;
      /** @description YYYY-MM */
      month: string;
    };
    NewsDetailDto: {
      /** @description The author’s name as shown */
      author: string;
      /** @description Markdown */
      body: string;
      /** Format: date-time */
      published_at: string | null;
      slug: string;
      summary: string;
      title: string;
    };
    NewsStaffDto: {
      /** @description The author’s name as shown */
      author: string;
      /** @description Markdown */
      body: string;
      /** Format: date-time */
      created_at: string;
      id: string;
      /** Format: date-time */
      published_at: string | null;
      slug: string;
      status: components['schemas']['NewsStatus'];
      summary: string;
      title: string;
      /** Format: date-time */
      updated_at: string;
    };
    NewsStaffPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['NewsStaffDto'][];
    };
    /** @enum {string} */
    NewsStatus: 'draft' | 'published';
    NewsSummaryDto: {
      /** @description The author’s name as shown */
      author: string;
      /** Format: date-time */
      published_at: string | null;
      slug: string;
      summary: string;
      title: string;
    };
    NewsSummaryPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['NewsSummaryDto'][];
    };
    NotificationPreferencesDto: {
      email_claim_updates?: boolean;
      email_messages?: boolean;
      email_news?: boolean;
    };
    ParameterConflictDto: {
      /** Format: date-time */
      changed_at: string;
      changed_by: components['schemas']['PersonDto'] | null;
      /** @description The checksum of the open draft, or of the stored set when none is open. */
      checksum: string;
      message: string;
    };
    ParameterCoverageDto: {
      /** @description Embedded tests of the published definitions that fail with the draft values: outcomes the change alters. */
      changed_outcomes: string[];
      /** @description Why each of failing_tests fails, in words, in the same order. */
      failing_reasons: string[];
      failing_tests: string[];
      items: components['schemas']['CoverageItemDto'][];
      /** @description Every change covered and every test passes: the draft may be submitted. */
      ok: boolean;
    };
    ParameterDraftDiscardedDto: {
      /** @enum {boolean} */
      discarded: true;
    };
    ParameterDraftDto: {
      /** @description The checksum of the stored set the draft started from. */
      base_checksum: string;
      checksum: string;
      /** @description The parameter set JSON (engine ParameterSet) */
      parameter_set: {
        [key: string]: unknown;
      };
      review: components['schemas']['ParameterReviewDto'];
      /** Format: date-time */
      updated_at: string;
      updated_by: components['schemas']['PersonDto'] | null;
    };
    ParameterHistoryItemDto: {
      action: string;
      /** Format: date-time */
      at: string;
      detail: {
        [key: string]: unknown;
      };
      label: string;
      user: components['schemas']['PersonDto'] | null;
    };
    ParameterReviewDto: {
      /** Format: date-time */
      approved_at: string | null;
      approved_by: components['schemas']['PersonDto'] | null;
      /** @description The checksum of the content approved. */
      approved_checksum: string | null;
      release_note: string | null;
      source_url: string | null;
      /** @enum {string} */
      state: 'editing' | 'submitted' | 'approved';
      /** Format: date-time */
      submitted_at: string | null;
      submitted_by: components['schemas']['PersonDto'] | null;
    };
    ParameterRollbackDraftDto: {
      /** @description The checksum of the earlier set (from `versions`) the new draft copies. */
      checksum: string;
    };
    ParameterSetDto: {
      checksum: string;
      /** @description The release gate for the open draft: each dated value it adds or changes and the passing tests that read it (null with no draft, for a rollback draft, or when the draft does not load). */
      coverage: components['schemas']['ParameterCoverageDto'] | null;
      draft: components['schemas']['ParameterDraftDto'] | null;
      history: components['schemas']['ParameterHistoryItemDto'][];
      id: string;
      /** @description The parameter set JSON (engine ParameterSet) */
      parameter_set: {
        [key: string]: unknown;
      };
      /** Format: date-time */
      updated_at: string;
      updated_by: components['schemas']['PersonDto'] | null;
      /** @description Sets in force before, newest first */
      versions: components['schemas']['ParameterSetVersionItemDto'][];
    };
    ParameterSetVersionItemDto: {
      /** @description The checksum of a set in force before (rollback-draft takes it) */
      checksum: string;
      /** @description The stored set has these values again now */
      is_current: boolean;
      /**
       * Format: date-time
       * @description When a publish replaced it
       */
      replaced_at: string;
      replaced_by_checksum: string;
    };
    PasswordChangeDto: {
      current_password: string;
      new_password: string;
    };
    PasswordChangeResponse: {
      access: string;
      detail: string;
      refresh: string;
    };
    PasswordResetConfirmDto: {
      new_password: string;
      token: string;
      uid: string;
    };
    PasswordResetDto: {
      email: string;
    };
    PatchAssessmentDto: {
      answers?: {
        [key: string]: unknown;
      };
      current_step?: number;
      /** @enum {string} */
      status?: 'in_progress' | 'submitted' | 'COMPLETED';
      version?: number;
    };
    PendingDocumentTaskResponseDto: {
      assessment_id: string;
      /** Format: date-time */
      completed_at: string | null;
      description: string;
      /** @description The requirement id from the definition. */
      document_id: string;
      /**
       * Format: date
       * @description Staff requests: when it is due.
       */
      due_date: string | null;
      id: string;
      name: string;
      /** Format: date-time */
      requested_at: string;
      /** @description Asked for by staff (description says why), not by the assessment. */
      requested_by_staff: boolean;
      required: boolean;
      service_name: string;
      service_type: string;
      /** @enum {string} */
      status: 'pending' | 'completed';
      uploaded_document_id: string | null;
    };
    PersonDto: {
      id: string;
      name: string;
    };
    PostMessageDto: {
      body: string;
    };
    PublishDraftDto: {
      /** @description YYYY-MM-DD (default today) */
      effective_from?: string;
    };
    PublishedDefinitionDto: {
      /** Format: date */
      asOf: string;
      /** @description The assessment definition JSON (engine AssessmentDefinition) */
      definition: {
        [key: string]: unknown;
      };
      /** @description The parameter sets in force on asOf (engine ParameterSet) */
      parameterSets: {
        [key: string]: unknown;
      }[];
    };
    RefreshDto: {
      refresh: string;
    };
    RegisterDto: {
      display_name?: string;
      email: string;
      password: string;
      remember?: boolean;
      username?: string;
    };
    ReleaseCoverageDto: {
      /** @description Why each of failing_tests fails, in words, in the same order. */
      failing_reasons: string[];
      failing_tests: string[];
      items: components['schemas']['CoverageItemDto'][];
      /** @description Every change covered and every test passes: the draft may be submitted. */
      ok: boolean;
    };
    RequestChangesDto: {
      /** @description What the submitter should change (kept in the history). */
      comment: string;
    };
    RequestCountsDto: {
      by_status: {
        [key: string]: number;
      };
      errors: number;
      total: number;
    };
    ReviewInfoDto: {
      /** Format: date-time */
      approved_at: string | null;
      approved_by: components['schemas']['PersonDto'] | null;
      /** @description The checksum of the content approved. */
      approved_checksum: string | null;
      release_note: string | null;
      source_url: string | null;
      /** @enum {string} */
      state: 'editing' | 'submitted' | 'approved' | 'published';
      /** Format: date-time */
      submitted_at: string | null;
      submitted_by: components['schemas']['PersonDto'] | null;
    };
    /** @enum {string} */
    Role: 'CLIENT' | 'STAFF' | 'ADMIN';
    RollbackDraftDto: {
      /** @description The version whose content the new draft copies (default: the published one before the version in force). */
      to_version?: number;
    };
    RollbackResultDto: {
      current: components['schemas']['DefinitionVersionDto'];
      retired: components['schemas']['DefinitionVersionDto'];
    };
    SaveAnswersDto: {
      answers: {
        [key: string]: unknown;
      };
      version?: number;
    };
    SaveAssessmentDto: {
      answers: {
        [key: string]: unknown;
      };
      /**
       * Format: uuid
       * @description Missing: a new assessment is created.
       */
      assessment_id?: string;
      /**
       * Format: uuid
       * @description Read-only on the server; accepted and ignored.
       */
      claim_id?: string | null;
      current_step?: number;
      service_type: string;
      /** @enum {string} */
      status?: 'in_progress' | 'submitted' | 'COMPLETED';
      /** @description The version the client last read; a stale one gets 409. */
      version?: number;
    };
    SaveDraftDto: {
      /** @description The checksum of the open draft this edit started from (null: the editor opened no draft): a different one → 409 naming who saved it. */
      base_checksum?: string | null;
      /** @description The whole definition JSON (docs/definition-format.md). */
      definition: {
        [key: string]: unknown;
      };
    };
    SavedViewDto: {
      filters: components['schemas']['WorkbenchFiltersDto'];
      name: string;
    };
    SavedViewFiltersDto: {
      assignee?: string;
      /** @enum {string} */
      due?: 'overdue' | 'due_soon';
      search?: string;
      service?: string;
      status?: components['schemas']['ClaimStatus'];
    };
    SavedViewListDto: {
      results: components['schemas']['SavedViewResponseDto'][];
    };
    SavedViewResponseDto: {
      /** Format: date-time */
      created_at: string;
      filters: components['schemas']['SavedViewFiltersDto'];
      id: string;
      name: string;
      /** Format: date-time */
      updated_at: string;
    };
    SaveMessageTemplateDto: {
      /** @description The version the editor opened. When another save made a newer version meanwhile the save is refused with a 409 (nothing is written). */
      base_version: number;
      body: string;
      name?: string;
      subject: string;
    };
    SaveParameterDraftDto: {
      /** @description The checksum of what this edit started from: the open parameter draft, or the stored set when there was none. A different one → 409 naming who changed it. */
      base_checksum: string;
      /** @description The whole parameter set JSON (definitions/parameters/<id>.json). */
      parameter_set: {
        [key: string]: unknown;
      };
    };
    ServiceResponseDto: {
      alternativeRoutes: string[];
      /** @description The definition that assesses this service */
      assessmentType: string | null;
      category: string;
      description: string;
      id: string;
      isActive: boolean;
      route: string;
      title: string;
      typeCode: string | null;
    };
    ServiceStaffDto: {
      service_name?: string;
      service_type: string;
      staff: components['schemas']['WorkbenchPersonDto'][];
    };
    ServiceStaffListDto: {
      results: components['schemas']['ServiceStaffDto'][];
    };
    SetServiceStaffDto: {
      user_ids: string[];
    };
    SetSlaTargetsDto: {
      targets: components['schemas']['SlaTargetItemDto'][];
    };
    SignClaimDraftDto: {
      /** @description The checksum of the draft the client read (the draft’s checksum). When the draft changed since, nothing is signed (409). */
      checksum: string;
      /**
       * Format: date
       * @description Today's date, YYYY-MM-DD
       */
      date: string;
      /** @description Your full name, typed as your signature */
      full_name: string;
    };
    SlaStateDto: {
      breached: boolean;
      /** Format: date-time */
      due_at: string;
      working_days: number;
    };
    SlaTargetItemDto: {
      /** @enum {string} */
      status:
        | 'submitted'
        | 'in_review'
        | 'documents_requested'
        | 'ready_to_file'
        | 'filed'
        | 'accepted'
        | 'paid'
        | 'rejected'
        | 'withdrawn';
      working_days: number;
    };
    SlaTargetResponseDto: {
      status: components['schemas']['ClaimStatus'];
      status_label: string;
      working_days: number;
    };
    SlaTargetsResponseDto: {
      targets: components['schemas']['SlaTargetResponseDto'][];
    };
    StaffInviteResponse: {
      avatar: string | null;
      date_joined: string;
      display_name: string;
      email: string;
      id: string;
      /** @description When the invitation link stops working */
      invite_expires_at: string;
      /** @description Invited and not yet accepted: the account has no password and is inactive */
      invite_pending: boolean;
      is_active: boolean;
      is_staff: boolean;
      last_login: string | null;
      notification_preferences: components['schemas']['NotificationPreferencesDto'];
      /** @enum {string} */
      role: 'CLIENT' | 'STAFF' | 'ADMIN';
      username: string;
    };
    StaffListDto: {
      results: components['schemas']['StaffMemberDto'][];
    };
    StaffMemberDto: {
      display_name: string;
      id: string;
      role: components['schemas']['Role'];
    };
    StartParameterImpactDto: {
      /**
       * @description The parameter set whose open draft is replayed
       * @example sdlt
       */
      set_id: string;
    };
    SubmitAssessmentDto: {
      /** @description The final answers. Results are never taken from a client: fields such as results → 400 (docs/decisions.md 9). */
      answers?: {
        [key: string]: unknown;
      };
      /** Format: uuid */
      assessment_id: string;
      service_type?: string;
    };
    SubmitAssessmentResponseDto: {
      assessment: components['schemas']['AssessmentResponseDto'];
      claim_id: string;
    };
    SubmitDraftDto: {
      /** @description What changes and why, for the reviewer and the history (≤ 2,000 characters). */
      release_note: string;
      /** @description A link (http or https) to the source of the change, e.g. the HMRC manual. */
      source_url: string;
    };
    SystemMetricsDto: {
      database: components['schemas']['DatabaseSizeDto'];
      latency_ms: components['schemas']['LatencyDto'];
      memory: components['schemas']['MemoryDto'];
      node: string;
      requests: components['schemas']['RequestCountsDto'];
      uptime_seconds: number;
      version: string;
    };
    ThreadClientDto: {
      display_name: string;
      email: string;
      id: string;
    };
    ThreadPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['ThreadResponseDto'][];
    };
    ThreadResponseDto: {
      claim_id: string | null;
      client: components['schemas']['ThreadClientDto'];
      /** Format: date-time */
      created_at: string;
      id: string;
      /** Format: date-time */
      last_message_at: string;
      /** @description On a single thread only. */
      messages?: components['schemas']['MessageResponseDto'][];
      subject: string;
      /** @description Messages from the other side not yet read. */
      unread_count: number;
    };
    TimelineDto: {
      claim_id: string;
      items: components['schemas']['TimelineItemDto'][];
      reference: string;
    };
    TimelineItemDto: {
      actor: components['schemas']['WorkbenchPersonDto'] | null;
      /** Format: date-time */
      at: string;
      detail: string;
      id: string;
      /** @enum {string} */
      kind: 'status' | 'message' | 'document' | 'assignment';
      text: string;
    };
    TokenPairResponse: {
      access: string;
      refresh: string;
    };
    TryDraftDto: {
      answers: {
        [key: string]: unknown;
      };
      /** @description YYYY-MM-DD (default today) */
      as_of?: string;
    };
    UnreadCountDto: {
      unread: number;
    };
    UpdateCurrentUserDto: {
      /** @description http(s) URL of the avatar image, or null */
      avatar?: string | null;
      /** @description The current password; required when `email` changes the address */
      current_password?: string;
      display_name?: string;
      email?: string;
      notification_preferences?: components['schemas']['NotificationPreferencesDto'];
      username?: string;
    };
    UpdateNewsDto: {
      author_name?: string;
      body?: string;
      slug?: string;
      summary?: string;
      title?: string;
    };
    UpdateUserDto: {
      /** @description Must be true when `role` changes: the administrator confirmed the new role (issue 29 §6). */
      confirm_role_change?: boolean;
      is_active?: boolean;
      /** @enum {string} */
      role?: 'CLIENT' | 'STAFF' | 'ADMIN';
    };
    UserAuditDto: {
      activity: components['schemas']['ActivityLogResponseDto'][];
      user: components['schemas']['UserResponse'];
    };
    UserPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['AdminUserResponse'][];
    };
    UserResponse: {
      avatar: string | null;
      date_joined: string;
      display_name: string;
      email: string;
      id: string;
      is_active: boolean;
      is_staff: boolean;
      last_login: string | null;
      notification_preferences: components['schemas']['NotificationPreferencesDto'];
      /** @enum {string} */
      role: 'CLIENT' | 'STAFF' | 'ADMIN';
      username: string;
    };
    ValueRangeDto: {
      high: number;
      low: number;
      median: number;
    };
    VerifyDto: {
      token: string;
    };
    VerifyResponse: {
      valid: boolean;
    };
    WorkbenchFiltersDto: {
      /** @description "mine", "unassigned" or a staff member’s id. */
      assignee?: string;
      /**
       * @description overdue: deadline or SLA passed; due_soon: deadline within 30 days.
       * @enum {string}
       */
      due?: 'overdue' | 'due_soon';
      /** @description Reference, client e-mail or name contains. */
      search?: string;
      /** @description Service type code (e.g. sdlt_refund). */
      service?: string;
      /** @enum {string} */
      status?:
        | 'submitted'
        | 'in_review'
        | 'documents_requested'
        | 'ready_to_file'
        | 'filed'
        | 'accepted'
        | 'paid'
        | 'rejected'
        | 'withdrawn';
    };
    WorkbenchPageDto: {
      count: number;
      page: number;
      page_size: number;
      results: components['schemas']['WorkbenchRowDto'][];
    };
    WorkbenchPersonDto: {
      display_name: string;
      id: string;
    };
    WorkbenchRowDto: {
      assessment_id: string;
      assignee: components['schemas']['WorkbenchPersonDto'] | null;
      client: components['schemas']['ClaimUserDto'];
      /** Format: date-time */
      created_at: string;
      deadline: components['schemas']['ClaimDeadlineDto'] | null;
      /** @description On a single claim: every deadline. */
      deadlines?: components['schemas']['DeadlineDto'][];
      id: string;
      next_statuses: components['schemas']['ClaimStatus'][];
      reference: string;
      service_name: string;
      service_type: string;
      sla: components['schemas']['SlaStateDto'] | null;
      stage: components['schemas']['ClaimStage'];
      status: components['schemas']['ClaimStatus'];
      /** Format: date-time */
      status_changed_at: string;
      status_label: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  AdminController_activityLogs: {
    parameters: {
      query?: {
        action?: string;
        /** @description ISO 8601 date or date-time (inclusive) */
        from?: string;
        page?: number;
        page_size?: number;
        /** @description ISO 8601 date or date-time (a date means the whole day) */
        to?: string;
        user?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActivityLogPageDto'];
        };
      };
    };
  };
  AdminController_dashboard: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminDashboardDto'];
        };
      };
    };
  };
  AdminController_systemMetrics: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SystemMetricsDto'];
        };
      };
    };
  };
  AdminController_users: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
        role?: 'CLIENT' | 'STAFF' | 'ADMIN';
        /** @description E-mail, username or display name contains. */
        search?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserPageDto'];
        };
      };
    };
  };
  AdminController_updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateUserDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AdminUserResponse'];
        };
      };
    };
  };
  AdminController_audit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserAuditDto'];
        };
      };
    };
  };
  AdminController_invite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['InviteStaffDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StaffInviteResponse'];
        };
      };
      /** @description The address already has an account */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AssessmentsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_documents: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentTaskResponseDto'][];
        };
      };
    };
  };
  AssessmentsController_save: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveAssessmentDto'];
      };
    };
    responses: {
      /** @description Updated */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_submit: {
    parameters: {
      query?: never;
      header?: {
        'Idempotency-Key'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitAssessmentDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubmitAssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_list: {
    parameters: {
      query?: {
        /** @description Staff only: the client whose assessments to list. */
        user?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentSummaryDto'][];
        };
      };
    };
  };
  ClaimsController_list: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
        /** @description Staff: reference, client e-mail or name contains. */
        search?: string;
        stage?: 'application' | 'claim';
        status?:
          | 'submitted'
          | 'in_review'
          | 'documents_requested'
          | 'ready_to_file'
          | 'filed'
          | 'accepted'
          | 'paid'
          | 'rejected'
          | 'withdrawn';
        /** @description Staff: one client’s claims. */
        user?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimPageDto'];
        };
      };
    };
  };
  ClaimsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With its timeline */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimResponseDto'];
        };
      };
    };
  };
  DocumentRequestsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Everything asked for on the claim */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentRequestResponseDto'][];
        };
      };
    };
  };
  DocumentRequestsController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateDocumentRequestDto'];
      };
    };
    responses: {
      /** @description Asked for; the client is e-mailed */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentRequestResponseDto'];
        };
      };
    };
  };
  ClaimDraftsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimDraftListDto'];
        };
      };
    };
  };
  ClaimDraftsController_generate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One draft per route the result supports */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimDraftListDto'];
        };
      };
    };
  };
  ClaimDraftsController_edit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        draftId: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EditClaimDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimDraftResponseDto'];
        };
      };
    };
  };
  ClaimDraftsController_pdf: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        draftId: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed claim */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/pdf': string;
        };
      };
    };
  };
  ClaimDraftsController_sign: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        draftId: string;
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SignClaimDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimDraftResponseDto'];
        };
      };
    };
  };
  ClaimDraftsController_supply: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ClaimDraftFieldsDto'];
      };
    };
    responses: {
      /** @description The client’s fields on every unsigned draft */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimDraftListDto'];
        };
      };
    };
  };
  ClaimsController_changeStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChangeClaimStatusDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimResponseDto'];
        };
      };
    };
  };
  ContactController_list: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ContactMessagePageDto'];
        };
      };
    };
  };
  DefinitionsController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionSummaryDto'][];
        };
      };
    };
  };
  AdviserController_check: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionChecksDto'];
        };
      };
    };
  };
  AdviserController_saveDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveDraftDto'];
      };
    };
    responses: {
      /** @description The saved draft */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
      /** @description Someone saved the draft after this editor opened it */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DraftConflictDto'];
        };
      };
    };
  };
  AdviserController_getDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DraftDto'];
        };
      };
    };
  };
  AdviserController_approve: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApproveDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  AdviserController_diff: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The draft against the version in force today */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionDiffDto'];
        };
      };
    };
  };
  AdviserController_impact: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionImpactDto'];
        };
      };
    };
  };
  ImpactRunsController_start: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Queued */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactRunStartedDto'];
        };
      };
    };
  };
  AdviserController_publish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PublishDraftDto'];
      };
    };
    responses: {
      /** @description The published version */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  AdviserController_requestChanges: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RequestChangesDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  AdviserController_submit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  AdviserController_tryDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TryDraftDto'];
      };
    };
    responses: {
      /** @description The engine's AssessmentEvaluation of the answers against the draft */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
    };
  };
  AdviserController_withdraw: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  AdviserController_history: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionHistoryDto'];
        };
      };
    };
  };
  ImpactRunsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactRunDto'];
        };
      };
    };
  };
  ImpactRunsController_cancel: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactRunDto'];
        };
      };
    };
  };
  ImpactRunsController_results: {
    parameters: {
      query?: {
        /** @description Which rows: outcome changed at all (any), in one part, or every replayed assessment (all). */
        changed?: 'any' | 'likelihood' | 'approach' | 'value' | 'all';
        /** @description Replayed likelihood equals (e.g. Possible). */
        likelihood_after?: string;
        /** @description Stored likelihood equals (e.g. Likely). */
        likelihood_before?: string;
        page?: number;
        page_size?: number;
        /** @description Client name or claim reference contains. */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactResultsDto'];
        };
      };
    };
  };
  ImpactRunsController_csv: {
    parameters: {
      query?: {
        /** @description Which rows: outcome changed at all (any), in one part, or every replayed assessment (all). */
        changed?: 'any' | 'likelihood' | 'approach' | 'value' | 'all';
        /** @description Replayed likelihood equals (e.g. Possible). */
        likelihood_after?: string;
        /** @description Stored likelihood equals (e.g. Likely). */
        likelihood_before?: string;
        page?: number;
        page_size?: number;
        /** @description Client name or claim reference contains. */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The filtered rows as CSV (an attachment) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
    };
  };
  ImpactRunsController_summary: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactSummaryDto'];
        };
      };
    };
  };
  ImpactRunsController_summaryCsv: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The A/B table and the ten largest value changes as CSV */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
    };
  };
  ImpactRunsController_startForParameters: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['StartParameterImpactDto'];
      };
    };
    responses: {
      /** @description Queued */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImpactRunStartedDto'];
        };
      };
    };
  };
  AdviserController_rollback: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmergencyRollbackDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RollbackResultDto'];
        };
      };
    };
  };
  AdviserController_rollbackDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RollbackDraftDto'];
      };
    };
    responses: {
      /** @description The new rollback draft */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DefinitionVersionDto'];
        };
      };
    };
  };
  DefinitionsController_published: {
    parameters: {
      query?: {
        /** @description The day whose version in force is wanted (default: today on the server). A later day than today needs a staff token: scheduled versions are not public before their date. */
        as_of?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublishedDefinitionDto'];
        };
      };
    };
  };
  AssessmentsController_completeTask: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompleteDocumentTaskDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentTaskResponseDto'];
        };
      };
    };
  };
  AssessmentsController_pendingTasks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PendingDocumentTaskResponseDto'][];
        };
      };
    };
  };
  DocumentsController_list: {
    parameters: {
      query?: {
        assessment_id?: string;
        claim_id?: string;
        page?: number;
        page_size?: number;
        /** @description Staff: one client’s documents. */
        user?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentPageDto'];
        };
      };
    };
  };
  DocumentsController_upload: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'multipart/form-data': {
          /** Format: uuid */
          assessment_id?: string;
          /** Format: uuid */
          claim_id?: string;
          /** Format: binary */
          file: string;
          /** Format: uuid */
          task_id?: string;
        };
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DocumentResponseDto'];
        };
      };
    };
  };
  DocumentsController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  DocumentsController_download: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file as uploaded */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
    };
  };
  health_readiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description { status, database, redis?, storage?, version, uptime }: redis when REDIS_URL is set, storage when uploads go to S3 */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthReport'];
        };
      };
      /** @description The database, Redis or object storage is down, or the instance is draining (Retry-After) */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HealthReport'];
        };
      };
    };
  };
  health_liveness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description { status: "ok", version, uptime } */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LivenessReport'];
        };
      };
    };
  };
  MessageTemplatesController_list: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageTemplateResponseDto'][];
        };
      };
    };
  };
  MessageTemplatesController_save: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveMessageTemplateDto'];
      };
    };
    responses: {
      /** @description The new version */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageTemplateResponseDto'];
        };
      };
    };
  };
  MessageTemplatesController_history: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageTemplateResponseDto'][];
        };
      };
    };
  };
  MessageTemplatesController_fields: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MergeFieldDto'][];
        };
      };
    };
  };
  MessagesController_list: {
    parameters: {
      query?: {
        claim_id?: string;
        /** @description Staff: one client’s threads. */
        client_id?: string;
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadPageDto'];
        };
      };
    };
  };
  MessagesController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateThreadDto'];
      };
    };
    responses: {
      /** @description With its first message */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadResponseDto'];
        };
      };
    };
  };
  MessagesController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With its messages */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ThreadResponseDto'];
        };
      };
    };
  };
  MessagesController_post: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PostMessageDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageResponseDto'];
        };
      };
    };
  };
  MessagesController_unread: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UnreadCountDto'];
        };
      };
    };
  };
  NewsController_listAll: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
        status?: 'draft' | 'published';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Drafts and published articles */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsStaffPageDto'];
        };
      };
    };
  };
  NewsController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateNewsDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsStaffDto'];
        };
      };
    };
  };
  NewsController_update: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateNewsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsStaffDto'];
        };
      };
    };
  };
  NewsController_publish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsStaffDto'];
        };
      };
    };
  };
  NewsController_unpublish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsStaffDto'];
        };
      };
    };
  };
  ParameterSetsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stored set, its open draft and its history */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterSetDto'];
        };
      };
    };
  };
  ParameterSetsController_saveDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveParameterDraftDto'];
      };
    };
    responses: {
      /** @description The saved draft */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterDraftDto'];
        };
      };
      /** @description Someone changed the parameters after this editor opened them */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterConflictDto'];
        };
      };
    };
  };
  ParameterSetsController_discard: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterDraftDiscardedDto'];
        };
      };
    };
  };
  ParameterSetsController_approve: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ApproveDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterDraftDto'];
        };
      };
    };
  };
  ParameterSetsController_publish: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The stored set after the publish */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterSetDto'];
        };
      };
    };
  };
  ParameterSetsController_submit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SubmitDraftDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterDraftDto'];
        };
      };
    };
  };
  ParameterSetsController_rollbackDraft: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ParameterRollbackDraftDto'];
      };
    };
    responses: {
      /** @description The new draft with the earlier values */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ParameterDraftDto'];
        };
      };
      /** @description A draft is open, or these values are in force now */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  WorkbenchController_bulk: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BulkActionDto'];
      };
    };
    responses: {
      /** @description One result per claim; a failed claim is unchanged */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BulkResultsDto'];
        };
      };
    };
  };
  WorkbenchController_list: {
    parameters: {
      query?: {
        /** @description "mine", "unassigned" or a staff member’s id. */
        assignee?: string;
        due?: 'overdue' | 'due_soon';
        page?: number;
        page_size?: number;
        search?: string;
        service?: string;
        status?:
          | 'submitted'
          | 'in_review'
          | 'documents_requested'
          | 'ready_to_file'
          | 'filed'
          | 'accepted'
          | 'paid'
          | 'rejected'
          | 'withdrawn';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Passed deadlines first, then the nearest */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkbenchPageDto'];
        };
      };
    };
  };
  WorkbenchController_detail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description With every deadline of its result */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkbenchRowDto'];
        };
      };
    };
  };
  WorkbenchController_assign: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AssignDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WorkbenchRowDto'];
        };
      };
    };
  };
  WorkbenchController_timeline: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TimelineDto'];
        };
      };
    };
  };
  WorkbenchController_serviceStaff: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceStaffListDto'];
        };
      };
    };
  };
  WorkbenchController_setServiceStaff: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        service: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetServiceStaffDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceStaffDto'];
        };
      };
    };
  };
  WorkbenchController_slaTargets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SlaTargetsResponseDto'];
        };
      };
    };
  };
  WorkbenchController_setSlaTargets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SetSlaTargetsDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SlaTargetsResponseDto'];
        };
      };
    };
  };
  WorkbenchController_staff: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Active staff members (assignees) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StaffListDto'];
        };
      };
    };
  };
  WorkbenchController_views: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedViewListDto'];
        };
      };
    };
  };
  WorkbenchController_createView: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SavedViewDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedViewResponseDto'];
        };
      };
    };
  };
  WorkbenchController_updateView: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SavedViewDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SavedViewResponseDto'];
        };
      };
    };
  };
  WorkbenchController_deleteView: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AssessmentsController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateAssessmentDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_getById: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_patch: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PatchAssessmentDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AssessmentsController_saveAnswers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SaveAnswersDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AssessmentResponseDto'];
        };
      };
    };
  };
  AuthController_undoEmailChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['EmailChangeUndoDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EmailChangeUndoResponse'];
        };
      };
      /** @description The link is invalid, expired or already used */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_acceptInvite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['AcceptInviteDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AcceptInviteResponse'];
        };
      };
      /** @description The link is invalid, expired or already used, or the password too weak */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenPairResponse'];
        };
      };
      /** @description Invalid email or password */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Too many failed attempts */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_loginLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginLinkDto'];
      };
    };
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetailResponse'];
        };
      };
      /** @description Too many links asked for */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_loginLinkConfirm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['LoginLinkConfirmDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenPairResponse'];
        };
      };
      /** @description The link is invalid, expired or already used */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RefreshDto'];
      };
    };
    responses: {
      /** @description The refresh token family (and the bearer session, if sent) is revoked */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  AuthController_passwordChange: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordChangeDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PasswordChangeResponse'];
        };
      };
    };
  };
  AuthController_passwordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetDto'];
      };
    };
    responses: {
      /** @description Same answer whether or not the account exists */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetailResponse'];
        };
      };
    };
  };
  AuthController_passwordResetConfirm: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PasswordResetConfirmDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetailResponse'];
        };
      };
    };
  };
  AuthController_refresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RefreshDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TokenPairResponse'];
        };
      };
    };
  };
  AuthController_register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterDto'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetailResponse'];
        };
      };
    };
  };
  AuthController_verify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['VerifyDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['VerifyResponse'];
        };
      };
    };
  };
  ContactController_create: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateContactMessageDto'];
      };
    };
    responses: {
      /** @description Received */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DetailResponse'];
        };
      };
    };
  };
  NewsController_list: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Published articles */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsSummaryPageDto'];
        };
      };
    };
  };
  NewsController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['NewsDetailDto'];
        };
      };
    };
  };
  ServicesController_list: {
    parameters: {
      query?: {
        /** @description Staff: include inactive services. */
        all?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceResponseDto'][];
        };
      };
    };
  };
  ServicesController_byCategory: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ServiceResponseDto'][];
        };
      };
    };
  };
  UsersController_current: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
    };
  };
  UsersController_erase: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DeleteCurrentUserDto'];
      };
    };
    responses: {
      /** @description The account and its data are erased */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  UsersController_update: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateCurrentUserDto'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserResponse'];
        };
      };
    };
  };
  UsersController_export: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description All data held about the user, as a JSON attachment */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
