import { useEffect, useState } from 'react';
import { useDocumentTitle } from '../theme/ThemeContext.js';
import { RESET_TEXT, verifyEmailWithCode } from './passwordReset.js';
import { SignInCard } from './SignInCard.js';

/**
 * An address verification link opened on the site (the console's action URL points every Firebase
 * Auth e-mail here: docs/configuration.md). The invitation page that asked for it notices by itself
 * (it checks the account every few seconds); this page says it worked and leads back.
 */
export function VerifyEmailScreen({ code, onContinue }: { code: string; onContinue: () => void }) {
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useDocumentTitle(RESET_TEXT.verifyTitle);
  useEffect(() => {
    let current = true;
    verifyEmailWithCode(code).then(
      () => current && setOutcome({ ok: true, text: RESET_TEXT.verified }),
      (failure: unknown) => current && setOutcome({ ok: false, text: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [code]);
  return (
    <SignInCard title={RESET_TEXT.verifyTitle}>
      {outcome ? (
        <>
          <p className={outcome.ok ? 'alert alert-success' : 'alert alert-error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.text}
          </p>
          <button type="button" className="btn btn-primary login-submit" onClick={onContinue}>
            {RESET_TEXT.continue}
          </button>
        </>
      ) : (
        <p className="login-intro" role="status">
          {RESET_TEXT.verifying}
        </p>
      )}
    </SignInCard>
  );
}
