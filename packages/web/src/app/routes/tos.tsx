import { Link } from 'react-router';
import { paths } from '../../config/paths';
import styles from './legal.module.css';

/** `/tos`: eight sections; the terms are governed by the laws of Singapore (specification section 1). */
export function Component() {
  return (
    <main className={styles.legal}>
      <h1>Terms of Service</h1>
      <p className={styles.updated}>Last updated 1 January 2025</p>

      <section aria-labelledby="tos-1">
        <h2 id="tos-1">1. Agreement</h2>
        <p>
          These terms are an agreement between you and SpellWell. By signing in you accept them. If you do not
          agree, please do not use SpellWell.
        </p>
      </section>

      <section aria-labelledby="tos-2">
        <h2 id="tos-2">2. Who may use SpellWell</h2>
        <p>
          Accounts are for parents and guardians aged 18 or over. Children use SpellWell only together with,
          or under the supervision of, the adult who holds the account. You are responsible for what is done
          with your account.
        </p>
      </section>

      <section aria-labelledby="tos-3">
        <h2 id="tos-3">3. The service</h2>
        <p>
          SpellWell helps you practise spelling lists with your child and schedules reviews. Official lists
          are provided as a convenience and may contain mistakes; always check against what the school gave
          you. We may improve or change features, and we will give notice before removing anything important.
        </p>
      </section>

      <section aria-labelledby="tos-4">
        <h2 id="tos-4">4. Your content</h2>
        <p>
          Word lists and children&apos;s names you enter remain yours. You give us permission to store and
          process them only to run SpellWell for you. Only upload worksheets you are allowed to copy for your
          own family&apos;s use.
        </p>
      </section>

      <section aria-labelledby="tos-5">
        <h2 id="tos-5">5. Acceptable use</h2>
        <p>
          Do not try to reach another family&apos;s data, disrupt the service, overload it with automated
          requests, or use it for anything unlawful. We may suspend an account that does.
        </p>
      </section>

      <section aria-labelledby="tos-6">
        <h2 id="tos-6">6. Privacy and ending your account</h2>
        <p>
          How we handle personal data is set out in our{' '}
          <Link to={paths.privacy.getHref()}>Privacy Policy</Link>. You may stop using SpellWell at any time:
          export your data and delete your account from your dashboard, and these terms end for you.
        </p>
      </section>

      <section aria-labelledby="tos-7">
        <h2 id="tos-7">7. Disclaimers and liability</h2>
        <p>
          SpellWell is provided &quot;as is&quot;. We work to keep it available and correct but cannot promise
          it will never be interrupted or that it will improve test results. To the extent the law allows, we
          are not liable for indirect or consequential loss. Nothing in these terms limits rights you have by
          law as a consumer.
        </p>
      </section>

      <section aria-labelledby="tos-8">
        <h2 id="tos-8">8. Governing law and contact</h2>
        <p>
          These terms are governed by the laws of Singapore, and the courts of Singapore have jurisdiction
          over any dispute. We may update these terms and will tell you on the site before changes take
          effect. Questions: hello@spellwell.app.
        </p>
      </section>
    </main>
  );
}
