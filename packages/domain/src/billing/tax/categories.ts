// A product's tax category is the catalog's (a product attribute; the catalog sits below billing):
// billing's tax rules read it from there.
export * from '../../catalog/tax-categories';
