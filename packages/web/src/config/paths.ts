import type { Language } from '@spellwell/shared';

/** Every route of the app, in one place (specification section 2). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The child's own practice on a signed-in device, and a device pass's link (issue 36). */
  kid: { path: '/kid', getHref: () => '/kid' },
  kidPass: { path: '/kid/:secret', getHref: (secret: string) => `/kid/${secret}` },
  login: { path: '/login', getHref: () => '/login' },
  /** Issue 37: an invite to share a child; its last segment is the one-time secret. */
  invite: { path: '/invite/:secret', getHref: (secret: string) => `/invite/${secret}` },
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
  /** A practice of a child's trouble words of one language, across their sets (issues 19, 34). */
  troubleWords: {
    path: '/trouble-words/:childId',
    getHref: (childId: string, language?: Language) =>
      `/trouble-words/${childId}${language ? `?${new URLSearchParams({ language })}` : ''}`,
  },
  /** Issue 35: tonight's words across the child's sets, nearest test first, as one practice. */
  tonight: {
    path: '/tonight/:childId',
    getHref: (childId: string) => `/tonight/${childId}`,
  },
  /** Issue 20: the words due now read out twice each, then one grading sheet. */
  dictation: {
    path: '/dictation/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/dictation/${childId}/${wordSetId}`,
  },
  /** Issue 20: a new printed sheet of one set (`?set=`) or of today's due words, then shown. */
  printNew: {
    path: '/print/:childId',
    getHref: (childId: string, wordSetId?: string) =>
      `/print/${childId}${wordSetId ? `?${new URLSearchParams({ set: wordSetId })}` : ''}`,
  },
  /** A stored sheet: the child's sheet and the parent's answer key, ready to print. */
  printSheet: {
    path: '/print/:childId/:sheetId',
    getHref: (childId: string, sheetId: string) => `/print/${childId}/${sheetId}`,
  },
  /** The grading sheet of a printed sheet: what its QR code opens. */
  gradeSheet: {
    path: '/grade/:childId/:sheetId',
    getHref: (childId: string, sheetId: string) => `/grade/${childId}/${sheetId}`,
  },
  edit: {
    path: '/edit/:childId/:wordSetId',
    getHref: (childId: string, wordSetId: string) => `/edit/${childId}/${wordSetId}`,
  },
  addWords: { path: '/add-words/:childId', getHref: (childId: string) => `/add-words/${childId}` },
  /** Issue 23: a photo shared to SpellWell is posted here; as a page, it says what went wrong. */
  shareTarget: { path: '/share-target', getHref: () => '/share-target' },
  /** Issue 37: a list another parent shared, opened by its code (`sharedListPath` in shared). */
  sharedList: { path: '/shared/:code', getHref: (code: string) => `/shared/${encodeURIComponent(code)}` },
} as const;
