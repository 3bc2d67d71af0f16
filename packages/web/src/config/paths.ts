/** Every route of the app, in one place (specification section 2). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  unauthorised: { path: '/unauthorised', getHref: () => '/unauthorised' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  tos: { path: '/tos', getHref: () => '/tos' },
  dashboard: { path: '/dashboard/:parentId', getHref: (parentId: string) => `/dashboard/${parentId}` },
  practice: {
    path: '/practice/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/practice/${childId}/${wordSetId}`,
  },
  edit: {
    path: '/edit/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/edit/${childId}/${wordSetId}`,
  },
  addWords: { path: '/add-words/:childId', getHref: (childId: string) => `/add-words/${childId}` },
} as const;
