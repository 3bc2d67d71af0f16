import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useAuthConfig } from '../../features/auth/api/get-auth-config';
import styles from './legal.module.css';

/** `/privacy`: eight sections, written for parents and for children's data under Singapore's PDPA. */
export function Component() {
  const speech = useAuthConfig().data?.speech;
  return (
    <main className={styles.legal}>
      <h1>Privacy Policy</h1>
      <p className={styles.updated}>Last updated 1 January 2025</p>

      <section aria-labelledby="privacy-1">
        <h2 id="privacy-1">1. Who we are and what this policy covers</h2>
        <p>
          SpellWell is a spelling-practice app that parents use with their children. This policy explains what
          personal data SpellWell collects, why, and what control you have over it. We handle personal data in
          line with Singapore&apos;s Personal Data Protection Act 2012 (PDPA).
        </p>
      </section>

      <section aria-labelledby="privacy-2">
        <h2 id="privacy-2">2. What we store</h2>
        <ul>
          <li>
            Your e-mail address and Google account identifier, used only to sign you in and to decide whether
            your account has administrator rights.
          </li>
          <li>Your children&apos;s first names (or nicknames), as you type them.</li>
          <li>The word lists you create or choose, with their test dates and languages.</li>
          <li>Practice history: which words were practised, the grade you gave, and when.</li>
        </ul>
        <p>
          We do not ask for, and you should not enter, a child&apos;s full name, school, photo or birthday.
        </p>
      </section>

      <section aria-labelledby="privacy-3">
        <h2 id="privacy-3">3. Children&apos;s data</h2>
        <p>
          Children never sign in or create accounts. A parent or guardian holds the account and enters
          everything on the child&apos;s behalf, and by doing so consents to that data being processed for the
          child&apos;s practice. We use a child&apos;s data only to run their practice and show you their
          progress, never to profile them.
        </p>
        <p>
          A child&apos;s owner (the parent who added them) may share the child with other adults by a one-time
          invite: a co-parent then sees and changes everything of that child (lists, practice, grades,
          recordings) except deleting the child or inviting others; a tutor sees the child&apos;s lists,
          practises and grades, but does not change the lists. Everyone who shares a child sees the grades the
          others give, with who gave them. The owner sees who shares the child and can remove anyone at once;
          a member can leave at any time. Nobody else can see a child&apos;s data.
        </p>
      </section>

      <section aria-labelledby="privacy-4">
        <h2 id="privacy-4">4. No advertising, no selling</h2>
        <p>
          We never use your e-mail address for advertising. SpellWell shows no ads, uses no advertising or
          tracking cookies, and does not sell or rent personal data to anyone. The only cookie we set keeps
          you signed in.
        </p>
      </section>

      <section aria-labelledby="privacy-5">
        <h2 id="privacy-5">5. Who else handles your data</h2>
        <p>
          Google confirms your identity when you sign in. Our hosting provider stores the database on our
          behalf under a contract that keeps it confidential. <SpeechSentence speech={speech} /> Worksheet
          scans are read on our own servers; the images you scan are read and then discarded, not kept. We
          disclose data to authorities only when Singapore law requires it.
        </p>
        <p>
          When you share a word list, anyone signed in to SpellWell who has its code can see the list&apos;s
          description, language, test date and words, and add a copy for their own child. They never see your
          child&apos;s name, grades or recordings. When you stop sharing, the code stops working; copies
          already added stay with those families.
        </p>
      </section>

      <section aria-labelledby="privacy-6">
        <h2 id="privacy-6">6. Keeping it safe and how long we keep it</h2>
        <p>
          Data travels over encrypted connections. Sign-in sessions expire and are stored only as one-way
          hashes, and each account can reach only its own children and lists. We keep your data while your
          account exists and delete it when you delete your account.
        </p>
      </section>

      <section aria-labelledby="privacy-7">
        <h2 id="privacy-7">7. Your rights: access, correction, export and deletion</h2>
        <p>
          Under the PDPA you may ask to see and correct your personal data and withdraw consent. From your
          dashboard you can download everything SpellWell holds about you and your children as a file, and
          delete your account with all of its data at any time. Deletion is immediate and cannot be undone.
          The file holds what you can see: your children, the children shared with you as a co-parent, who
          shares which child, and the grades you gave to children of others. Deleting your account deletes the
          children you own, so the adults you shared them with lose them too; if you are a member of someone
          else&apos;s child, only your membership ends.
        </p>
      </section>

      <section aria-labelledby="privacy-8">
        <h2 id="privacy-8">8. Contact and changes</h2>
        <p>
          For any privacy question or request, write to our Data Protection Officer at privacy@spellwell.app.
          We answer within 30 days. If this policy changes in a way that matters, we will say so on the site
          before the change takes effect. See also our <Link to={paths.tos.getHref()}>Terms of Service</Link>.
        </p>
      </section>
    </main>
  );
}

/** Where word audio is made, as this server is set up (GET /auth/config), so the policy is true. */
function SpeechSentence({ speech }: { speech: 'local' | 'google' | undefined }) {
  if (speech === 'google') {
    return (
      <>
        Word audio is made by Google Cloud Text-to-Speech: only the word to be spoken and its language are
        sent to Google, never a name, an e-mail address or anything else about you or your child.
      </>
    );
  }
  if (speech === 'local') return <>Word audio is produced on our own servers; no one else hears the words.</>;
  return (
    <>
      Word audio is produced on our own servers or, where this service is set up for it, by Google Cloud
      Text-to-Speech from the word alone.
    </>
  );
}
