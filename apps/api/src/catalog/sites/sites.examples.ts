export const DOMAIN_EXAMPLE = { domain: 'news.example.com', createdAt: '2026-11-20T09:00:00.000Z', sites: ['site_4f1c2a9be07d3a51c6e2f088'] };
export const NEW_DOMAIN_EXAMPLE = { domain: 'news.example.com', createdAt: '2026-11-20T09:00:00.000Z', sites: [] };
export const ADD_DOMAIN_EXAMPLE = { domain: 'News.Example.com' };

export const CREATE_SITE_EXAMPLE = {
  name: 'Main site',
  domain: 'news.example.com',
  url: 'https://www.news.example.com/',
  clientId: 'client_0c9e5d2f61a4b7e3d8f01a2b',
};
export const SITE_EXAMPLE = {
  id: 'site_4f1c2a9be07d3a51c6e2f088',
  ...CREATE_SITE_EXAMPLE,
  allowedOrigins: ['https://www.news.example.com'],
  createdAt: '2026-11-20T09:05:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
};
export const UPDATE_SITE_EXAMPLE = { name: 'Main site (new layout)', clientId: null };
export const UPDATED_SITE_EXAMPLE = { ...SITE_EXAMPLE, ...UPDATE_SITE_EXAMPLE, updatedAt: '2026-11-21T14:00:00.000Z' };
