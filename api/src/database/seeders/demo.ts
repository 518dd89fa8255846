import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config';
import { Assessment, recordEvaluation } from '../../modules/assessments/assessment.entity';
import { DocumentTask } from '../../modules/assessments/document-task.entity';
import { hashPassword } from '../../modules/auth/password-hashing';
import { ClaimEvent } from '../../modules/claims/claim-event.entity';
import { Claim } from '../../modules/claims/claim.entity';
import { nextClaimReference } from '../../modules/claims/claim-reference';
import { DefinitionVersion, ParameterSetRecord } from '../../modules/definitions/definition-version.entity';
import {
  evaluateWith,
  loadDefinitionJson,
  type ParameterSet,
} from '../../modules/definitions/engine-adapter';
import { Document } from '../../modules/documents/document.entity';
import { MessageThread } from '../../modules/messages/message-thread.entity';
import { Message } from '../../modules/messages/message.entity';
import { Service } from '../../modules/services/service.entity';
import { User } from '../../modules/users/user.entity';
import type { SeedContext, SeedStep } from '../seed-step';
import { buildPdf } from './minimal-pdf';

// Documented in docs (README, API section): a demo client so a new user sees a living portal.
// Not created in production, where a published password would be an open door.
export const DEMO_EMAIL = 'demo@reclaim.example';
export const DEMO_PASSWORD = 'reclaim-demo-2026';

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function monthsAgo(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export const demoSeed: SeedStep = {
  name: 'demo',
  async run(em: EntityManager, config: AppConfig, ctx: SeedContext) {
    if (config.isProduction) return;
    if ((await em.count(User, { email: DEMO_EMAIL })) > 0) return;
    const row = await em.findOne(
      DefinitionVersion,
      { definitionId: 'sdlt_refund', status: 'published' },
      { orderBy: { version: 'desc' }, populate: ['json'] },
    );
    if (!row) {
      ctx.logger.warn('demo client not created: no published sdlt_refund definition is stored');
      return;
    }
    const refs = ((row.json as { parameters?: { set: string }[] }).parameters ?? []).map((p) => p.set);
    const parameterSets = (
      await em.find(ParameterSetRecord, { id: { $in: refs } }, { populate: ['json'] })
    ).map((p) => p.json as unknown as ParameterSet);
    const definition = loadDefinitionJson(row.json, parameterSets);

    const now = new Date();
    const staff = await em.findOne(
      User,
      { role: { $in: ['ADMIN', 'STAFF'] } },
      { orderBy: { dateJoined: 'asc' } },
    );

    const user = new User();
    user.email = DEMO_EMAIL;
    user.username = 'demo';
    user.displayName = 'Alex Demo';
    user.role = 'CLIENT';
    user.passwordHash = await hashPassword(DEMO_PASSWORD);
    user.dateJoined = monthsAgo(now, 1);
    em.persist(user);

    const answers = {
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: isoDate(monthsAgo(now, 5)),
      // Paid at residential rates (£43,750 on £1m since April 2025); mixed-use rates give £39,500.
      purchasePriceSDR: 1000000,
      sdltPaidSDR: 43750,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: true,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
      reasonForRefundSDR: 'Shop on the ground floor with a flat above; SDLT was paid at residential rates.',
    };
    const submittedAt = new Date(now.getTime() - 20 * 24 * 3600 * 1000);
    const evaluation = await evaluateWith(definition, answers, isoDate(submittedAt));
    const service = await em.findOne(Service, { typeCode: 'sdlt_refund' });

    const assessment = new Assessment();
    assessment.user = user;
    assessment.serviceType = 'sdlt_refund';
    assessment.assessmentType = row.definitionId;
    assessment.serviceName = service?.title ?? row.title;
    assessment.answers = answers;
    assessment.currentStep = definition.questionnaire.questions.length;
    assessment.definitionVersion = row.version;
    recordEvaluation(assessment, evaluation);
    assessment.evaluatedAsOf = isoDate(submittedAt);
    assessment.submittedAt = submittedAt;
    assessment.status = 'COMPLETED';
    assessment.createdAt = new Date(submittedAt.getTime() - 3600 * 1000);
    em.persist(assessment);

    const claim = new Claim();
    claim.reference = await nextClaimReference(em, submittedAt);
    claim.assessment = assessment;
    claim.user = user;
    claim.serviceType = assessment.serviceType;
    claim.serviceName = assessment.serviceName;
    claim.status = 'documents_requested';
    claim.estimatedLow = evaluation.value.estimates.low;
    claim.estimatedMedian = evaluation.value.estimates.median;
    claim.estimatedHigh = evaluation.value.estimates.high;
    claim.createdAt = submittedAt;
    assessment.claimId = claim.id;
    em.persist(claim);

    const timeline: [string, string, User | null, number][] = [
      ['submitted', 'Assessment submitted by the client.', user, 0],
      ['in_review', 'Thank you. An adviser is reviewing your purchase.', staff, 2],
      [
        'documents_requested',
        'Please upload the completion statement, the SDLT1 return and the purchase contract.',
        staff,
        5,
      ],
    ];
    for (const [status, note, actor, days] of timeline) {
      const event = new ClaimEvent();
      event.claim = claim;
      event.status = status;
      event.note = note;
      event.actor = actor;
      event.createdAt = new Date(submittedAt.getTime() + days * 24 * 3600 * 1000);
      em.persist(event);
    }

    // A real PDF on disk under a server-generated name.
    const pdf = buildPdf([
      'Reclaim demo document',
      'Title deed (sample) for the demo SDLT refund claim',
      `Reference ${claim.reference}`,
    ]);
    const document = new Document();
    document.owner = user;
    document.uploadedBy = user;
    document.filename = 'title-deed-sample.pdf';
    document.storageName = randomUUID();
    document.contentType = 'application/pdf';
    document.size = pdf.length;
    document.sha256 = createHash('sha256').update(pdf).digest('hex');
    document.claimId = claim.id;
    document.assessmentId = assessment.id;
    document.uploadedAt = new Date(submittedAt.getTime() + 6 * 24 * 3600 * 1000);
    await ctx.storage.put(document.storageName, Readable.from([pdf]));
    em.persist(document);

    evaluation.recommendation.documentRequirements.forEach((req, index) => {
      const task = new DocumentTask();
      task.assessment = assessment;
      task.requirementId = req.id;
      task.name = req.name;
      task.description = req.description;
      task.required = req.required;
      task.sortOrder = index;
      if (index === 0) {
        task.status = 'completed';
        task.uploadedDocumentId = document.id;
        task.completedAt = document.uploadedAt;
      }
      em.persist(task);
    });

    const thread = new MessageThread();
    thread.subject = `Your SDLT refund claim ${claim.reference}`;
    thread.client = user;
    thread.claim = claim;
    thread.createdBy = staff;
    thread.createdAt = new Date(submittedAt.getTime() + 5 * 24 * 3600 * 1000);
    em.persist(thread);
    const messages: [User, boolean, string, number, boolean][] = [
      [
        staff ?? user,
        staff !== null,
        'Hello Alex, thank you for your claim. Could you upload the completion statement, the SDLT1 return and the purchase contract? You can do it from the claim page.',
        5,
        true,
      ],
      [user, false, 'Thanks, I have uploaded the title deed and will send the rest this week.', 6, true],
      [
        staff ?? user,
        staff !== null,
        'Received, thank you. We will review it as soon as the remaining documents arrive.',
        7,
        false,
      ],
    ];
    for (const [sender, fromFirm, body, days, read] of messages) {
      const message = new Message();
      message.thread = thread;
      message.sender = sender;
      message.fromFirm = fromFirm;
      message.body = body;
      message.createdAt = new Date(submittedAt.getTime() + days * 24 * 3600 * 1000);
      message.readAt = read ? message.createdAt : null;
      thread.lastMessageAt = message.createdAt;
      em.persist(message);
    }
    await em.flush();
    ctx.logger.log(`demo client ${DEMO_EMAIL} created`);
  },
};
