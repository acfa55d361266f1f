import { useMediaQuery, type Theme } from '@mui/material';

/** A phone-sized screen: lists show one line per record there. */
export const useSmall = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
