import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { messages } from '../../../../common/messages';
import classes from './Storytellers.module.css';

/**
 * A storyteller's link as a QR code, drawn as SVG by `qrcode`, which is fetched the first time
 * a code is shown so no other screen carries it. Error correction 'M' keeps a printed card
 * readable with a crease or a smudge.
 */
export function LinkQrCode({ link, name, size = 200 }: { link: string; name: string; size?: number }) {
  const [drawn, setDrawn] = useState<{ link: string; svg: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }))
      .then((svg) => current && setDrawn({ link, svg }));
    return () => {
      current = false;
    };
  }, [link]);

  if (drawn?.link !== link) {
    return (
      <Center w={size} h={size} className={classes.qr}>
        <Loader size="sm" />
        <VisuallyHidden>{messages.storytellerQrLoading}</VisuallyHidden>
      </Center>
    );
  }
  return (
    <div
      role="img"
      aria-label={messages.storytellerQrCode(name)}
      className={classes.qr}
      style={{ width: size, height: size }}
      // The SVG is made here from the link by qrcode, never taken from a person's input as markup.
      dangerouslySetInnerHTML={{ __html: drawn.svg }}
    />
  );
}
