import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

// One entry of the services catalogue (site spec section 3), seeded from definitions/site/.
@Entity({ tableName: 'service' })
export class Service {
  @PrimaryKey({ type: 'string', length: 100 })
  id!: string;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Index()
  @Property({ type: 'string', length: 100 })
  category!: string;

  @Property({ type: 'string', length: 200 })
  route!: string;

  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'json' })
  alternativeRoutes: string[] = [];

  @Property({ type: 'boolean' })
  isActive: boolean = true;

  @Property({ type: 'string', length: 100, nullable: true })
  typeCode: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  assessmentType: string | null = null;

  @Property({ type: 'integer' })
  sortOrder: number = 0;
}
