import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { messages } from '../../../../common/messages';
import { displayNameOf } from '../../../../common/people';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { LinkQrCode } from './LinkQrCode';
import classes from './StorytellerCard.module.css';

/**
 * Issue 23 "Print a card": the storyteller's code, their name and three lines in large type
 * telling them what to do, one card to a printed page. Outside the app's shell, so only the
 * card prints; its own buttons are left off the paper.
 */
export function StorytellerCardPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const person = useQuery({ queryKey: queryKeys.person(id), queryFn: () => api.people.get(id) });
  const link = useQuery({ queryKey: queryKeys.storytellerLink(id), queryFn: () => api.storytellers.link(id) });

  const back = () => void navigate(-1);
  const controls = (
    <Group gap="sm" justify="center" className={classes.noPrint}>
      <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={back}>
        {messages.storytellerCardBack}
      </Button>
      {link.data && person.data && (
        <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
          {messages.storytellerCardPrint}
        </Button>
      )}
    </Group>
  );

  if (person.isPending || link.isPending) {
    return (
      <Center mih="100vh">
        <Loader aria-label={messages.storytellerPrintCard} />
      </Center>
    );
  }
  if (!person.data || !link.data) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center" gap="md" maw={420} ta="center">
          <Text role="alert">{messages.storytellerCardUnavailable}</Text>
          {controls}
        </Stack>
      </Center>
    );
  }

  const name = displayNameOf(person.data);
  return (
    <main className={classes.page}>
      {controls}
      <article className={classes.card} aria-label={messages.storytellerCardTitle(name)}>
        <h1 className={classes.title}>{messages.storytellerCardTitle(name)}</h1>
        <div className={classes.code}>
          <LinkQrCode link={link.data.link} name={name} size={220} />
        </div>
        <ol className={classes.steps}>
          {messages.storytellerCardSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className={classes.link}>{link.data.link}</p>
      </article>
    </main>
  );
}
