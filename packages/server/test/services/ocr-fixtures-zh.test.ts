import { describeScanFixtures, inCells } from '../support/scan-fixture-suite.js';

await describeScanFixtures('Chinese lists, tables and chats', (f) => f.language === 'Chinese' && !inCells(f));
