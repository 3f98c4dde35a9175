// Issue 21 "First load": index.html draws the loading screen before any script arrives, and the
// app's first render replaces it. That copy must be the component's own markup in the theme, so
// what is drawn first is exactly what the app would draw (accounts §2: a spinner with "Loading...").
import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../../common/messages';
import { LoadingScreen } from './components/LoadingScreen';
import { cssVariablesResolver, theme } from './theme';

const indexHtml = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

describe("index.html's loading screen", () => {
  it('is the markup LoadingScreen renders in the theme, with its "Loading..." text', () => {
    const drawn = /<div id="root">([\s\S]*)<\/div>\s*<script /.exec(indexHtml)?.[1];
    const rendered = renderToStaticMarkup(
      <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
        <LoadingScreen />
      </MantineProvider>,
    );
    expect(drawn).toBe(rendered);
    expect(drawn).toContain(`>${messages.loading}</p>`);
  });
});
