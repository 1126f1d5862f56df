import { FileTextIcon, ImageIcon, ReceiptIndianRupeeIcon, VoteIcon } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

/** A home-page tool card. */
export interface ToolCard {
  title: string;
  description: string;
  link: string;
  status: 'active' | 'coming-soon';
  icon: LucideIcon;
}

export const TOOLS: readonly ToolCard[] = [
  {
    title: 'Voter Slip Generator',
    description:
      'Turn a voter list (PDF or Excel) and your banner into printable voter slips. Preview a draft, then pay and download.',
    link: '/voter-slip-generator',
    status: 'active',
    icon: VoteIcon,
  },
  {
    title: 'Invoice Generator',
    description: 'Create clean, GST-ready invoices in a minute and download them as PDF.',
    link: '/invoice-generator',
    status: 'coming-soon',
    icon: ReceiptIndianRupeeIcon,
  },
  {
    title: 'PDF Tools',
    description: 'Merge, split, compress and convert PDF files right from your browser.',
    link: '/pdf-tools',
    status: 'coming-soon',
    icon: FileTextIcon,
  },
  {
    title: 'Image Tools',
    description: 'Resize, crop, compress and convert photos for forms and documents.',
    link: '/image-tools',
    status: 'coming-soon',
    icon: ImageIcon,
  },
];

/** Looks a tool up by its link, e.g. for the coming-soon pages. */
export function toolByLink(link: string): ToolCard | undefined {
  return TOOLS.find((tool) => tool.link === link);
}
