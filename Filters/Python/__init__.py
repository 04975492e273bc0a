"""Loom: data-parallel VTK filters on Loom's worklet engine.

    from loom import vtkLoomPointDataToCellData, vtkLoomCellDataToPointData
"""
from .LoomFilters import *  # noqa: F401,F403
