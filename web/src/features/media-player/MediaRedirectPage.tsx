import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '../../../../common/messages';

/** accounts §2 "Media redirect": go to the decoded `url`, or say that none was given. */
export function MediaRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const url = params.get('url');

  useEffect(() => {
    if (!url) {
      window.alert(messages.noMediaUrl);
      navigate('/', { replace: true });
      return;
    }
    // Only web addresses: a `javascript:` URL here would run script in the app's origin.
    const target = new URL(decodeURIComponent(url), window.location.origin);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      window.alert(messages.noMediaUrl);
      navigate('/', { replace: true });
      return;
    }
    window.location.replace(target.href);
  }, [url, navigate]);

  return (
    <Center mih="60dvh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{messages.loadingMedia}</Text>
      </Stack>
    </Center>
  );
}
