// accounts §2 "Extras page": nine coming-soon cards, a "More Magic Coming Soon" panel and
// "Send Feedback".
import { Badge, Button, Card, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessage, IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COMING_SOON_TOAST_MS } from '../../../../common/limits';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import classes from './Extras.module.css';
import { extrasFeatures, type ExtrasFeature } from './extrasFeatures';

/** Opens the feedback form in a new tab; an e-mail draft (the server's default) opens in place. */
function openFeedback(url: string) {
  if (url.startsWith('mailto:')) window.location.href = url;
  else window.open(url, '_blank', 'noopener,noreferrer');
}

export function ExtrasPage() {
  // Same query as the side menu's "Send Feedback" (AppLayout), so it is usually cached already.
  const config = useQuery({ queryKey: queryKeys.publicConfig, queryFn: api.config });
  const feedbackUrl = config.data?.feedbackUrl;

  const announce = (feature: ExtrasFeature) =>
    toast.info(messages.featureComingSoon, messages.featureComingSoonDetail(feature.name), COMING_SOON_TOAST_MS);

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1} size="h2">
          {messages.extrasTitle}
        </Title>
        <Text c="dimmed">{messages.extrasIntro}</Text>
      </div>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {extrasFeatures.map((feature) => (
          // A button may hold only phrasing content, hence the spans.
          <Card key={feature.name} component="button" type="button" withBorder radius="lg" padding="lg" className={classes.card} onClick={() => announce(feature)}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm" renderRoot={(props) => <span {...props} />}>
              <ThemeIcon size={44} radius="md" variant="light" color={feature.color} renderRoot={(props) => <span {...props} />}>
                <feature.icon size={24} aria-hidden />
              </ThemeIcon>
              <Badge component="span" variant="light" color="gray">
                {messages.comingSoonBadge}
              </Badge>
            </Group>
            <Text component="span" display="block" fw={700}>
              {feature.name}
            </Text>
            <Text component="span" display="block" size="sm" c="dimmed" mt={4}>
              {feature.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Paper withBorder radius="lg" p="xl" className={classes.magic}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={52} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
            <IconSparkles size={28} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            {messages.moreMagicComingSoon}
          </Title>
          <Text c="dimmed" maw={520}>
            {messages.extrasFeedbackInvite}
          </Text>
          <Button
            leftSection={<IconMessage size={18} />}
            variant="light"
            disabled={!feedbackUrl}
            onClick={() => feedbackUrl && openFeedback(feedbackUrl)}
          >
            {messages.sendFeedback}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
