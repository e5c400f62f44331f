import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { Ref } from 'react';

function AnchorBase(props: Omit<AnchorProps, 'href'> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);

/** A Mantine Anchor that navigates inside the app like a router Link (typed `to` and params). */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink {...props} />
);
