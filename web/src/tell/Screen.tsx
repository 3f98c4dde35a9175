// One screen of the storyteller's page: its heading takes focus when it appears, so a screen
// reader starts reading the new screen and a keyboard goes on from there.
import { useEffect, useRef, type ReactNode } from 'react';

export function Screen({ heading, lead, headingClass, children }: { heading: string; lead?: ReactNode; headingClass?: string; children?: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <main className="tell-screen">
      {lead}
      <h1 ref={headingRef} tabIndex={-1} className={headingClass}>
        {heading}
      </h1>
      {children}
    </main>
  );
}
