// Before a draft goes to review, its results pages must not contradict themselves (issue 28): the
// engine's consistency check runs on the draft's embedded tests and generated answer sets, and a
// draft that fails is refused with 422, each finding in plain English with the case that shows it.
// A draft with the content of a version already published (a rollback draft) was reviewed then and
// is not checked again, so a rollback stays possible whatever the rules learnt since.
import { UnprocessableEntityException } from '@nestjs/common';
import { checkConsistency, type LoadedDefinition } from '@reclaim/engine';
import { jsonChecksum } from './checksum';

export const INCONSISTENT_DRAFT_MESSAGE =
  'The results this draft gives contradict themselves; fix these before submitting it for review';

const content = (json: Record<string, unknown>): string => {
  const { version: _v, status: _s, effectiveFrom: _e, ...rest } = json;
  return jsonChecksum(rest);
};

/** The draft has the content of a version already published (a rollback draft): reviewed then. */
export function isPublishedContent(
  definition: LoadedDefinition,
  published: readonly Record<string, unknown>[],
): boolean {
  const mine = content(definition as unknown as Record<string, unknown>);
  return published.some((json) => content(json) === mine);
}

export async function refuseInconsistentDraft(
  definition: LoadedDefinition,
  published: readonly Record<string, unknown>[] = [],
): Promise<void> {
  if (isPublishedContent(definition, published)) return;
  const findings = await checkConsistency(definition, { maxFindings: 20 });
  if (findings.length === 0) return;
  throw new UnprocessableEntityException({
    message: INCONSISTENT_DRAFT_MESSAGE,
    consistency: findings.map((f) => ({
      case: f.case,
      rule: f.rule,
      message: f.message,
      texts: f.texts,
      ...(f.answers ? { answers: f.answers } : {}),
    })),
  });
}
