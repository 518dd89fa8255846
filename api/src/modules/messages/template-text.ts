// Message templates are plain text with merge fields written {{field_name}} (issue 30 §3). No
// logic, no HTML, no JavaScript: a template is checked on save (unknown fields and markup are
// refused with a 400) and rendered by plain substitution (the engine's fillTemplate; due dates
// by the engine's formatDate), so nothing in it can run anywhere.

export const MERGE_FIELDS = {
  client_name: 'The client’s name',
  claim_reference: 'The claim’s reference, e.g. RC-2026-000123',
  service_name: 'The service the claim is for',
  claim_status: 'The claim’s status, in words',
  document_name: 'The document asked for (document requests and reminders)',
  document_reason: 'Why we need the document',
  due_date: 'When the document is due, e.g. 12 December 2026',
  portal_url: 'The link to the client’s portal page for the claim',
  firm_name: 'The firm’s name',
  message: 'Free text written by staff when sending',
} as const;

export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Partial<Record<MergeField, string>>;

export function isMergeField(name: string): name is MergeField {
  return Object.prototype.hasOwnProperty.call(MERGE_FIELDS, name);
}

const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface TemplateProblem {
  field: 'subject' | 'body';
  message: string;
}

/** Every problem with a template's text; empty when it can be saved. */
export function checkTemplateText(subject: string, body: string): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const [field, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    for (const match of text.matchAll(FIELD)) {
      const name = match[1] ?? '';
      if (!isMergeField(name)) {
        problems.push({
          field,
          message: `unknown merge field {{${name}}}; use one of ${Object.keys(MERGE_FIELDS)
            .map((f) => `{{${f}}}`)
            .join(', ')}`,
        });
      }
    }
    const rest = text.replace(FIELD, '');
    if (rest.includes('{{') || rest.includes('}}')) {
      problems.push({
        field,
        message: 'has an unclosed or nested {{ }}: write merge fields as {{field_name}}',
      });
    }
    if (/<\s*\/?\s*[a-z!]/i.test(text) || /javascript\s*:/i.test(text)) {
      problems.push({ field, message: 'must be plain text: HTML tags and scripts are not allowed' });
    }
    if (field === 'subject' && /[\r\n]/.test(text)) {
      problems.push({ field, message: 'must be one line' });
    }
  }
  return problems;
}

/** The merge fields a template's text uses. */
export function fieldsUsed(...texts: string[]): MergeField[] {
  const used = new Set<MergeField>();
  for (const text of texts)
    for (const match of text.matchAll(FIELD)) {
      const name = match[1] ?? '';
      if (isMergeField(name)) used.add(name);
    }
  return [...used];
}

export interface DefaultTemplate {
  key: string;
  name: string;
  subject: string;
  body: string;
}

/** Version 1 of each template, written the first time it is needed; staff edit from there. */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    key: 'document_request',
    name: 'Document request',
    subject: 'We need a document for your claim {{claim_reference}}: {{document_name}}',
    body: [
      'Dear {{client_name}},',
      '',
      'To take your claim {{claim_reference}} ({{service_name}}) forward we need: {{document_name}}.',
      '',
      'Why we need it: {{document_reason}}',
      '',
      'Please upload it by {{due_date}} from your portal: {{portal_url}}',
      '',
      '{{firm_name}}',
    ].join('\n'),
  },
  {
    key: 'document_reminder',
    name: 'Document reminder',
    subject: 'Reminder: {{document_name}} for your claim {{claim_reference}}',
    body: [
      'Dear {{client_name}},',
      '',
      'We are still waiting for {{document_name}} for your claim {{claim_reference}}. It is due by {{due_date}}.',
      '',
      'Why we need it: {{document_reason}}',
      '',
      'Upload it from your portal: {{portal_url}}',
      '',
      '{{firm_name}}',
    ].join('\n'),
  },
  {
    key: 'document_overdue',
    name: 'Document overdue',
    subject: 'Overdue: {{document_name}} for your claim {{claim_reference}}',
    body: [
      'Dear {{client_name}},',
      '',
      '{{document_name}} for your claim {{claim_reference}} was due on {{due_date}} and we have not received it yet.',
      'Without it we may not be able to make your claim in time.',
      '',
      'Why we need it: {{document_reason}}',
      '',
      'Upload it from your portal: {{portal_url}}',
      '',
      '{{firm_name}}',
    ].join('\n'),
  },
  {
    key: 'claim_update',
    name: 'Claim update',
    subject: 'An update on your claim {{claim_reference}}',
    body: [
      'Dear {{client_name}},',
      '',
      '{{message}}',
      '',
      'Your claim {{claim_reference}} ({{service_name}}) is now: {{claim_status}}.',
      'See it in your portal: {{portal_url}}',
      '',
      '{{firm_name}}',
    ].join('\n'),
  },
  {
    key: 'information_needed',
    name: 'Information needed',
    subject: 'We need some information for your claim {{claim_reference}}',
    body: [
      'Dear {{client_name}},',
      '',
      'To take your claim {{claim_reference}} forward we need some information from you:',
      '',
      '{{message}}',
      '',
      'Please reply from your portal: {{portal_url}}',
      '',
      '{{firm_name}}',
    ].join('\n'),
  },
];
