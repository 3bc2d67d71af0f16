import { describeScanFixtures } from '../support/scan-fixture-suite.js';

await describeScanFixtures('English', (f) => f.language === 'English');
