import type { QueryOf, Schemas } from '../../app/api-types';

// The workbench's shapes, aliases of the generated contract (api-schema.gen.ts).
export type WorkbenchRow = Schemas['WorkbenchRowDto'];
export type WorkbenchPage = Schemas['WorkbenchPageDto'];
export type WorkbenchFilters = Omit<QueryOf<'WorkbenchController_list'>, 'page' | 'page_size'>;
export type SavedView = Schemas['SavedViewResponseDto'];
export type SlaTarget = Schemas['SlaTargetResponseDto'];
export type StaffMember = Schemas['StaffMemberDto'];
export type ServiceStaff = Schemas['ServiceStaffDto'];
export type BulkAction = Schemas['BulkActionDto'];
export type BulkResults = Schemas['BulkResultsDto'];
export type MessageTemplate = Schemas['MessageTemplateResponseDto'];
export type SaveMessageTemplate = Schemas['SaveMessageTemplateDto'];
export type MergeField = Schemas['MergeFieldDto'];
export type TimelineItem = Schemas['TimelineItemDto'];
export type Timeline = Schemas['TimelineDto'];

export const FILTER_KEYS = ['status', 'service', 'assignee', 'due', 'search'] as const;
