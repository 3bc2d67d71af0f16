import { describeScanFixtures } from '../support/scan-fixture-suite.js';

await describeScanFixtures('Malay', (f) => f.language === 'Malay');
