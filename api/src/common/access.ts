import { ForbiddenException } from '@nestjs/common';
import type { User } from '../modules/users/user.entity';

/** Who asks: their id and whether they are staff (STAFF or ADMIN). */
export type Viewer = Pick<User, 'id' | 'isStaff'>;

/** How a list is scoped (see ownership.list). */
export interface ListScope {
  /** The owner a staff member asked for (`?user=`, `?client_id=`); ignored for clients unless refused. */
  owner?: string | undefined;
  /** What a staff member sees without naming an owner: every row, or their own (a dashboard). */
  staffUnscoped: 'all' | 'own';
  /** A client naming another owner gets 403 instead of their own rows. */
  othersForbidden?: boolean;
  /** The message of that 403. */
  forbiddenMessage?: string;
}

/**
 * The one ownership rule (as immich's `requireAccess`): staff see every row, a client only the
 * rows they own. `ownerField` names the relation that points at the owning user on that entity
 * (`user` on assessments and claims, `owner` on documents, `client` on message threads).
 *
 * Every read, list and write of assessments, claims, messages and documents takes its filter
 * from here, so a client asking for someone else's row gets the same 404 as for a row that does
 * not exist, and a list never holds another client's row. test/ownership-routes.test.ts lists
 * every such route from the OpenAPI document and proves each goes through this object.
 * (Callers call it as `ownership.record(...)`, so the test can watch it.)
 */
export const ownership = {
  /** A single record read by id: staff any, a client their own. */
  record<W extends object, F extends string>(
    viewer: Viewer,
    ownerField: F,
    where: W,
  ): W | (W & Record<F, string>) {
    if (viewer.isStaff) return where;
    return { ...where, [ownerField]: viewer.id };
  },

  /** A record only its owner may change (writing is the owner's alone, staff included). */
  own<W extends object, F extends string>(viewer: Viewer, ownerField: F, where: W): W & Record<F, string> {
    return { ...where, [ownerField]: viewer.id } as W & Record<F, string>;
  },

  /** A list: a client's is always their own; a staff member's is everyone's or the owner named. */
  list<W extends object, F extends string>(
    viewer: Viewer,
    ownerField: F,
    where: W,
    scope: ListScope,
  ): W | (W & Record<F, string>) {
    return { ...where, ...ownership.listOwner(viewer, ownerField, scope) };
  },

  /** The owner part of a list's filter alone ({} when the list spans every owner). */
  listOwner<F extends string>(viewer: Viewer, ownerField: F, scope: ListScope): Partial<Record<F, string>> {
    const owner = ownership.listOwnerId(viewer, scope);
    return owner === null ? {} : ({ [ownerField]: owner } as Record<F, string>);
  },

  /** The owner id a list is limited to, or null when it spans every owner. */
  listOwnerId(viewer: Viewer, scope: ListScope): string | null {
    if (!viewer.isStaff) {
      if (scope.othersForbidden && scope.owner !== undefined && scope.owner !== viewer.id) {
        throw new ForbiddenException(scope.forbiddenMessage ?? 'Only staff can list another user’s records');
      }
      return viewer.id;
    }
    if (scope.owner) return scope.owner;
    return scope.staffUnscoped === 'all' ? null : viewer.id;
  },

  /** For plain SQL: the owner id a write must match (the viewer's own, staff included). */
  ownOwnerId(viewer: Viewer): string {
    return viewer.id;
  },

  /** For plain SQL: the owner id a single-record read must match, or null when any row may be read. */
  recordOwnerId(viewer: Viewer): string | null {
    return viewer.isStaff ? null : viewer.id;
  },
};
