import { EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import { DefinitionsService } from '../definitions/definitions.service';
import { migrateCategory, type SiteData } from '@reclaim/engine';
import { readDefinitionFiles } from '../../database/seeders/definitions-source';
import { migrateCategoryName } from './category';
import { Service } from './service.entity';

export interface ServiceResponse {
  id: string;
  title: string;
  category: string;
  route: string;
  description: string;
  alternativeRoutes: string[];
  isActive: boolean;
  typeCode: string | null;
  assessmentType: string | null;
}

@Injectable()
export class ServicesService {
  constructor(
    private readonly em: EntityManager,
    private readonly definitions: DefinitionsService,
  ) {}

  private async toResponse(s: Service): Promise<ServiceResponse> {
    // The definition that assesses this service (generic for types without their own).
    const assessmentType =
      s.assessmentType ?? (s.typeCode ? await this.definitions.resolveId(s.typeCode) : null);
    return {
      id: s.id,
      title: s.title,
      category: s.category,
      route: s.route,
      description: s.description,
      alternativeRoutes: s.alternativeRoutes,
      isActive: s.isActive,
      typeCode: s.typeCode,
      assessmentType,
    };
  }

  async list(includeInactive: boolean): Promise<ServiceResponse[]> {
    const where: FilterQuery<Service> = includeInactive ? {} : { isActive: true };
    const rows = await this.em.find(Service, where, { orderBy: { sortOrder: 'asc', id: 'asc' } });
    return Promise.all(rows.map((s) => this.toResponse(s)));
  }

  private categories: Pick<SiteData, 'categories'> | null | undefined;

  /** Current category id of a name (old names migrated, as definitions/site/categories.json says), or null. */
  private resolveCategory(name: string): string | null {
    if (this.categories === undefined) {
      const file = readDefinitionFiles().site.categories as SiteData['categories'] | undefined;
      this.categories =
        file && Array.isArray(file.categories) && Array.isArray(file.oldNames) ? { categories: file } : null;
    }
    return this.categories ? migrateCategory(this.categories, name) : migrateCategoryName(name);
  }

  async byCategory(category: string): Promise<ServiceResponse[]> {
    const id = this.resolveCategory(category);
    if (id === null) return [];
    const rows = await this.em.find(
      Service,
      { category: id, isActive: true },
      { orderBy: { sortOrder: 'asc', id: 'asc' } },
    );
    return Promise.all(rows.map((s) => this.toResponse(s)));
  }
}
