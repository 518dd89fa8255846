import type { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { User } from './user.entity';

export interface ErasureOutcome {
  /** Records kept under a legal hold (e.g. claims: 5 years after the relationship ends, MLR 2017 reg. 40). */
  held: number;
  /** Records deleted or anonymised. */
  erased: number;
}

export interface UserDataSection {
  /** Key in the export document, e.g. "claims". */
  name: string;
  /** Every row of this section's tables linked to the user, as plain JSON. */
  export(em: EntityManager, user: User): Promise<unknown>;
  /** Erases (or anonymises) the user's rows, keeping what a legal hold requires. Runs inside the erasure transaction. */
  erase?(em: EntityManager, user: User): Promise<ErasureOutcome>;
}

/**
 * UK GDPR export and erasure are assembled from sections: the users module provides the
 * account's own tables; each domain module registers its tables in onModuleInit.
 */
@Injectable()
export class ExportRegistry {
  private readonly sections = new Map<string, UserDataSection>();

  register(section: UserDataSection): void {
    if (this.sections.has(section.name)) throw new Error(`export section "${section.name}" registered twice`);
    this.sections.set(section.name, section);
  }

  list(): UserDataSection[] {
    return [...this.sections.values()];
  }
}
