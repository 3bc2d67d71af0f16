import { describeScanFixtures, inCells } from '../support/scan-fixture-suite.js';

await describeScanFixtures('Chinese in 田字格 and 米字格', (f) => f.language === 'Chinese' && inCells(f));
