import type { User } from '../modules/users/user.entity';

/**
 * The one ownership rule (as immich's `requireAccess`): staff see every row, a client only the
 * rows they own. `ownerField` names the relation that points at the owning user on that entity
 * (`user` on assessments and claims, `owner` on documents, `client` on message threads).
 * Used for every read and write that takes an id from a request, so a client asking for
 * someone else's row gets the same 404 as for a row that does not exist.
 */
export function accessFilter<W extends object, F extends string>(
  user: Pick<User, 'id' | 'isStaff'>,
  ownerField: F,
  where: W,
): W | (W & Record<F, string>) {
  if (user.isStaff) return where;
  return { ...where, [ownerField]: user.id };
}
