// Loom tests, quality family: the tetrahedron measures Loom computes (Radius Ratio, Volume, Edge Ratio, Jacobian, Scaled
// Jacobian, Aspect Frobenius, Aspect Gamma, Condition, Shape, Relative Size Squared, Shape and Size) against Verdict's functions on
// every case of ForEveryCase (QualityTesting.h); the measures Loom leaves to VTK's filter give NaN.
#include "QualityTesting.h"

#include <loom/algorithms/quality/TetQuality.h>

#include <verdict.h>

using namespace loom_quality_testing;
using namespace loom::algorithms::quality;

namespace
{
const double Reference[4][3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0.5, 0.85, 0 }, { 0.5, 0.3, 0.8 } };
} // namespace

TEST(TetQuality, AsVerdict)
{
  ForEveryCase(Reference, false, [](const Corners<4>& c, const std::string& what) {
    EXPECT_TRUE(SameQuality(TetQuality(RadiusRatio, c.P, 1.0), verdict::tet_radius_ratio(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(Volume, c.P, 1.0), verdict::tet_volume(4, c.C), 0.0)) << what;
    EXPECT_TRUE(SameQuality(TetQuality(EdgeRatio, c.P, 1.0), verdict::tet_edge_ratio(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(Jacobian, c.P, 1.0), verdict::tet_jacobian(4, c.C), 0.0)) << what;
    EXPECT_TRUE(SameQuality(TetQuality(ScaledJacobian, c.P, 1.0), verdict::tet_scaled_jacobian(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(AspectFrobenius, c.P, 1.0), verdict::tet_aspect_frobenius(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(AspectGamma, c.P, 1.0), verdict::tet_aspect_gamma(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(Condition, c.P, 1.0), verdict::tet_condition(4, c.C))) << what;
    EXPECT_TRUE(SameQuality(TetQuality(Shape, c.P, 1.0), verdict::tet_shape(4, c.C))) << what;
    // The size-relative measures against averages about the cell's own volume, far from it, and zero.
    for (double average : { std::fabs(verdict::tet_volume(4, c.C)) * 1.3, 0.2, 1e-40, 0.0 })
    {
      EXPECT_TRUE(SameQuality(TetQuality(RelativeSizeSquared, c.P, average),
                              verdict::tet_relative_size_squared(4, c.C, average)))
        << what << " average " << average;
      EXPECT_TRUE(SameQuality(TetQuality(ShapeAndSize, c.P, average), verdict::tet_shape_and_size(4, c.C, average)))
        << what << " average " << average;
    }
  });
}

TEST(TetQuality, OthersNaN)
{
  Point p[4];
  for (int k = 0; k < 4; ++k)
    p[k] = Point(Reference[k][0], Reference[k][1], Reference[k][2]);
  for (int m : { -1, static_cast<int>(SquishIndex), static_cast<int>(MeasureCount), 99 })
    EXPECT_TRUE(std::isnan(TetQuality(m, p, 1.0))) << m;
}
