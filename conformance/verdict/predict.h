/* SPDX-License-Identifier: GPL-2.0 */
/*
 * predict.h - inside the verdict module: the kernel model's split of one
 * sample interval (predict.c).
 */
#ifndef CONFORM_VERDICT_PREDICT_H
#define CONFORM_VERDICT_PREDICT_H

#include "verdict/interval.h"

struct hop_ival;

/*
 * Interval k, measured and predicted by every model kind into iv (hv: the
 * hoppers' scratch, hopper.h); r (or NULL) counts the fallbacks. 0 or
 * -errno.
 */
int eval_interval(const struct vd_input *in, int k, struct ival *iv,
		  struct hop_ival *hv, struct scn_result *r);

#endif /* CONFORM_VERDICT_PREDICT_H */
