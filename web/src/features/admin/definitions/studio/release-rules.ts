import { apiConstraints, apiRules } from '../../../../components/form';

// The API's limits for the studio's review steps (SubmitDraftDto, RequestChangesDto,
// EmergencyRollbackDto), in the studio's words; shared by definition and parameter drafts.

/** The release note and source link asked for when a draft goes to review. */
export interface ReleaseValues {
  release_note: string;
  source_url: string;
}

const NOTE = 'Say what changes and why.';
const SOURCE = 'A link starting https:// to where the change comes from.';
const noteMax = apiConstraints('SubmitDraftDto', 'release_note').maxLength ?? 2000;

/** The most characters a note, comment or reason may have (the textarea's maxLength). */
export const NOTE_MAX_LENGTH = noteMax;

export const RELEASE_RULES = {
  release_note: apiRules('SubmitDraftDto', 'release_note', {
    required: NOTE,
    pattern: NOTE,
    maxLength: `At most ${noteMax.toLocaleString('en-GB')} characters.`,
  }),
  source_url: apiRules('SubmitDraftDto', 'source_url', { required: SOURCE, url: SOURCE }),
};

export const REQUEST_CHANGES_RULES = apiRules('RequestChangesDto', 'comment', {
  required: 'Say what should change.',
  pattern: 'Say what should change.',
});

export const ROLLBACK_REASON_RULES = apiRules('EmergencyRollbackDto', 'reason', {
  required: 'Say why this cannot wait for a review.',
  pattern: 'Say why this cannot wait for a review.',
});
