// Old category names and where they now live (site spec section 3, "Categories").
export const CATEGORY_MIGRATIONS: Readonly<Record<string, string>> = {
  property_tax: 'property-assets-refunds',
  personal_gains: 'property-assets-refunds',
  corporate_tax: 'innovation-investments-relief',
};

export function migrateCategoryName(
  category: string,
  migrations: Readonly<Record<string, string>> = CATEGORY_MIGRATIONS,
): string {
  return migrations[category] ?? category;
}
