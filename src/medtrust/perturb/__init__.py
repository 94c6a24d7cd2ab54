"""Image perturbations (CARES-VLM input-level robustness): official CARES noise and Gaussian noise.

Every function returns a new image/array; source images are never modified.
"""

from medtrust.perturb.noise import cares_noise, cares_noise_from_draw, gaussian_noise, perturb_image

__all__ = ["cares_noise", "cares_noise_from_draw", "gaussian_noise", "perturb_image"]
