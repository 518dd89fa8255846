import type { EntityManager } from '@mikro-orm/core';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ownership } from '../../common/access';
import { Assessment } from '../assessments/assessment.entity';
import { toAssessmentResponse, toDocumentTaskResponse } from '../assessments/assessment.serializer';
import { DocumentTask } from '../assessments/document-task.entity';
import { ClaimEvent } from '../claims/claim-event.entity';
import { Claim } from '../claims/claim.entity';
import { toClaimResponse } from '../claims/claim.serializer';
import { ContactMessage } from '../contact/contact-message.entity';
import { Document } from '../documents/document.entity';
import { toDocumentResponse } from '../documents/documents.service';
import { MessageThread } from '../messages/message-thread.entity';
import { Message } from '../messages/message.entity';
import { FileStorage } from '../storage/file-storage';
import { ExportRegistry } from '../users/export-registry';
import type { User } from '../users/user.entity';

/**
 * The domain tables in the UK GDPR export and erasure (SECURITY.md rows 26–27). Claims are held
 * (MLR 2017 reg. 40: 5 years after the relationship ends) with what they rest on: the assessment
 * behind each claim, documents attached to a claim, and threads about a claim. Everything else
 * linked to the user is deleted.
 */
@Injectable()
export class DomainUserDataSections implements OnModuleInit {
  constructor(
    private readonly registry: ExportRegistry,
    private readonly storage: FileStorage,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      name: 'assessments',
      export: async (em: EntityManager, user: User) => {
        const rows = await em.find(Assessment, ownership.own(user, 'user', {}), {
          populate: ['user'],
          orderBy: { createdAt: 'asc' },
        });
        const tasks = await em.find(
          DocumentTask,
          { assessment: ownership.own(user, 'user', {}) },
          { orderBy: { createdAt: 'asc' } },
        );
        return rows.map((a) => ({
          ...toAssessmentResponse(a),
          document_tasks: tasks.filter((t) => t.assessment.id === a.id).map(toDocumentTaskResponse),
        }));
      },
      erase: async (em: EntityManager, user: User) => {
        const rows = await em.find(Assessment, ownership.own(user, 'user', {}));
        const unheld = rows.filter((a) => a.claimId === null);
        for (const a of unheld) em.remove(a);
        await em.flush();
        return { held: rows.length - unheld.length, erased: unheld.length };
      },
    });
    this.registry.register({
      name: 'claims',
      export: async (em: EntityManager, user: User) => {
        const claims = await em.find(Claim, ownership.own(user, 'user', {}), {
          populate: ['user', 'assessment'],
          orderBy: { createdAt: 'asc' },
        });
        const events = await em.find(
          ClaimEvent,
          { claim: ownership.own(user, 'user', {}) },
          { populate: ['actor'], orderBy: { createdAt: 'asc' } },
        );
        return claims.map((c) =>
          toClaimResponse(
            c,
            events.filter((e) => e.claim.id === c.id),
          ),
        );
      },
      erase: async (em: EntityManager, user: User) => ({
        held: await em.count(Claim, ownership.own(user, 'user', {})),
        erased: 0,
      }),
    });
    this.registry.register({
      name: 'message_threads',
      export: async (em: EntityManager, user: User) => {
        const threads = await em.find(MessageThread, ownership.own(user, 'client', {}), {
          orderBy: { createdAt: 'asc' },
        });
        const messages = await em.find(
          Message,
          { thread: ownership.own(user, 'client', {}) },
          { populate: ['sender'], orderBy: { createdAt: 'asc' } },
        );
        return threads.map((t) => ({
          id: t.id,
          subject: t.subject,
          claim_id: t.claim ? t.claim.id : null,
          created_at: t.createdAt.toISOString(),
          messages: messages
            .filter((m) => m.thread.id === t.id)
            .map((m) => ({
              id: m.id,
              body: m.body,
              from_firm: m.fromFirm,
              sender_id: m.sender.id,
              created_at: m.createdAt.toISOString(),
              read_at: m.readAt?.toISOString() ?? null,
            })),
        }));
      },
      erase: async (em: EntityManager, user: User) => {
        const threads = await em.find(MessageThread, ownership.own(user, 'client', {}));
        const unheld = threads.filter((t) => t.claim === null);
        for (const t of unheld) em.remove(t);
        await em.flush();
        return { held: threads.length - unheld.length, erased: unheld.length };
      },
    });
    this.registry.register({
      name: 'documents',
      export: async (em: EntityManager, user: User) =>
        (await em.find(Document, ownership.own(user, 'owner', {}), { orderBy: { uploadedAt: 'asc' } })).map(
          toDocumentResponse,
        ),
      erase: async (em: EntityManager, user: User) => {
        const documents = await em.find(Document, ownership.own(user, 'owner', {}));
        const claimAssessments = new Set(
          (
            await em.find(Assessment, ownership.own(user, 'user', { claimId: { $ne: null } }), {
              fields: ['id'],
            })
          ).map((a) => a.id),
        );
        const unheld = documents.filter(
          (d) => d.claimId === null && (d.assessmentId === null || !claimAssessments.has(d.assessmentId)),
        );
        // The bytes first (local disk or the bucket): if a delete fails the erasure fails with the
        // rows still there, so running it again finishes the job instead of orphaning the files.
        for (const d of unheld) await this.storage.delete(d.storageName);
        for (const d of unheld) em.remove(d);
        await em.flush();
        return { held: documents.length - unheld.length, erased: unheld.length };
      },
    });
    this.registry.register({
      name: 'contact_messages',
      export: async (em: EntityManager, user: User) =>
        (
          await em.find(
            ContactMessage,
            { email: user.email.toLowerCase() },
            { orderBy: { createdAt: 'asc' } },
          )
        ).map((m) => ({
          id: m.id,
          name: m.name,
          email: m.email,
          phone: m.phone,
          subject: m.subject,
          message: m.message,
          created_at: m.createdAt.toISOString(),
        })),
      erase: async (em: EntityManager, user: User) => ({
        held: 0,
        erased: await em.nativeDelete(ContactMessage, { email: user.email.toLowerCase() }),
      }),
    });
  }
}
