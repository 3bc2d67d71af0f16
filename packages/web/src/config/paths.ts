/** Every route of the app, in one place (specification section 2). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  unauthorised: { path: '/unauthorised', getHref: () => '/unauthorised' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  tos: { path: '/tos', getHref: () => '/tos' },
  dashboard: {
    path: '/dashboard/:parentId',
    getHref: (parentId: string) => `/dashboard/${parentId}`,
    /** The dashboard on the child's tab (and, when given, with that practice in view). */
    getChildHref: (parentId: string, childId: string, wordSetId?: string) =>
      `/dashboard/${parentId}?${new URLSearchParams({ child: childId, ...(wordSetId ? { set: wordSetId } : {}) })}`,
  },
  practice: {
    path: '/practice/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/practice/${childId}/${wordSetId}`,
  },
  /** A practice of a child's ten trouble words, across their sets (issue 19). */
  troubleWords: {
    path: '/trouble-words/:childId',
    getHref: (childId: string) => `/trouble-words/${childId}`,
  },
  edit: {
    path: '/edit/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/edit/${childId}/${wordSetId}`,
  },
  addWords: { path: '/add-words/:childId', getHref: (childId: string) => `/add-words/${childId}` },
} as const;
